import { Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { ZUpdateCustomerRequest, type TCustomer } from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/routing/page-title';
import { useUpdateCustomer } from '../api/update-customer';
import { CustomerAudit } from '../components/customer-audit';
import { CUSTOMER_MESSAGES, CustomerFields, type CustomerFormValues } from '../components/customer-fields';
import { serverFieldErrors, validateWith } from '../../../lib/forms/form-validation';

const valuesOf = (customer: TCustomer): CustomerFormValues => ({
  name: customer.name,
  customerNumber: customer.customerNumber,
  market: customer.market,
  organizationalNumber: customer.organizationalNumber ?? '',
  vatNumber: customer.vatNumber ?? '',
  notes: customer.notes ?? '',
  crmMappingGuid: customer.crmMappingGuid ?? '',
  wodGroupName: customer.wodGroupName ?? '',
});

function DetailsEditor({ customer, onDone }: { customer: TCustomer; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateCustomer(customer.id);
  const form = useForm<CustomerFormValues>({
    initialValues: valuesOf(customer),
    validate: validateWith(ZUpdateCustomerRequest, t, { keys: CUSTOMER_MESSAGES }),
  });
  const submit = form.onSubmit((values) => {
    const { customerNumber: _number, ...body } = values;
    // The form was checked with this schema: parsing gives the request its contract type.
    update.mutate(ZUpdateCustomerRequest.parse(body), {
      onSuccess: () => {
        showSuccess('common.changesSaved');
        onDone();
      },
      onError: (error) => form.setErrors(serverFieldErrors(error, t, CUSTOMER_MESSAGES)),
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <CustomerFields inputProps={(field) => form.getInputProps(field)} withCustomerNumber={false} />
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A customer's details, notes and audit log (spec 2, overview tab). */
export function CustomerOverviewPage() {
  // The customer's own page is headed with its name alone (the tab title keeps the trail).
  const { heading } = usePageTitle();
  const { t, i18n } = useTranslation();
  const customer = useOutletContext<TCustomer>();
  const [editing, setEditing] = useState(false);
  const detail = (label: string, value: string | null | undefined) => (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{value || '—'}</Text>
    </div>
  );
  return (
    <Stack>
      <Title order={1}>{heading}</Title>
      <Card withBorder component="section" aria-labelledby="customer-details">
        <Stack>
          <Group justify="space-between">
            <Title order={2} size="h3" id="customer-details">
              {t('customers.overview.details')}
            </Title>
            {!editing && (
              <Button variant="default" onClick={() => setEditing(true)}>
                {t('customers.overview.edit')}
              </Button>
            )}
          </Group>
          {editing ? (
            <Paper>
              <DetailsEditor customer={customer} onDone={() => setEditing(false)} />
            </Paper>
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
                {detail(t('customers.fields.customerNumber'), customer.customerNumber)}
                {detail(t('customers.fields.market'), t(`common.markets.${customer.market}`))}
                {detail(t('customers.fields.organizationalNumber'), customer.organizationalNumber)}
                {detail(t('customers.fields.vatNumber'), customer.vatNumber)}
                {detail(t('customers.fields.crmMappingGuid'), customer.crmMappingGuid)}
                {detail(t('customers.fields.wodGroupName'), customer.wodGroupName)}
                {detail(
                  t('customers.fields.created'),
                  `${formatDateTime(customer.created, i18n.language)} · ${customer.createdBy}`,
                )}
                {detail(
                  t('customers.fields.modified'),
                  `${formatDateTime(customer.modified, i18n.language)} · ${customer.modifiedBy}`,
                )}
              </SimpleGrid>
              {detail(t('customers.fields.notes'), customer.notes)}
            </>
          )}
        </Stack>
      </Card>
      <CustomerAudit customerId={customer.id} />
    </Stack>
  );
}
