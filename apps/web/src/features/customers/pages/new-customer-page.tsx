import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ZCreateCustomerRequest } from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { useCreateCustomer } from '../api/create-customer';
import {
  CUSTOMER_MESSAGES,
  CustomerFields,
  emptyCustomer,
  type CustomerFormValues,
} from '../components/customer-fields';
import { errorCodeOf, serverFieldErrors, validateWith } from '../../../lib/forms/form-validation';
import { customersLinks } from '../customers-links';

/** A new customer account (spec 2, /customers/new); the number must be new ('This customer already exists'). */
export function NewCustomerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateCustomer();
  const form = useForm<CustomerFormValues>({
    initialValues: emptyCustomer,
    validate: validateWith(ZCreateCustomerRequest, t, { keys: CUSTOMER_MESSAGES }),
  });
  const submit = form.onSubmit((values) =>
    // The form was checked with this schema: parsing gives the request its contract type.
    create.mutate(ZCreateCustomerRequest.parse(values), {
      onSuccess: (customer) => {
        showSuccess('customers.created', { name: customer.name });
        void navigate(customersLinks.customer(customer.id));
      },
      onError: (error) =>
        errorCodeOf(error) === 'CUSTOMER_EXISTS'
          ? form.setFieldError('customerNumber', t('customers.errors.exists'))
          : form.setErrors(serverFieldErrors(error, t, CUSTOMER_MESSAGES)),
    }),
  );
  return (
    <Stack maw={900}>
      <Title order={1}>{t('titles.newCustomer')}</Title>
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            <CustomerFields inputProps={(field) => form.getInputProps(field)} withCustomerNumber />
            <Group>
              <Button type="submit" loading={create.isPending}>
                {t('customers.list.new')}
              </Button>
              <Button variant="default" component={Link} to={customersLinks.list()}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
