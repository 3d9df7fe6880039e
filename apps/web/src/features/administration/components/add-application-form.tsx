import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ZCreateApplicationRequest } from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { useCreateApplication } from '../api/create-application';
import { errorCodeOf, serverFieldErrors, validateWith } from '../../../lib/forms/form-validation';

/** Adds an application to a service; application names are unique across services. */
export function AddApplicationForm({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation();
  const create = useCreateApplication(serviceId);
  const form = useForm({
    initialValues: { applicationName: '' },
    validate: validateWith(ZCreateApplicationRequest, t),
  });
  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        showSuccess('administration.application.added', { name: values.applicationName.trim() });
        form.reset();
      },
      onError: (error) =>
        errorCodeOf(error) === 'APPLICATION_EXISTS'
          ? form.setFieldError('applicationName', t('administration.application.exists'))
          : form.setErrors(serverFieldErrors(error, t)),
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label={t('administration.application.name')}
          required
          style={{ flex: '1 1 16rem' }}
          {...form.getInputProps('applicationName')}
        />
        <Button type="submit" variant="default" mt={{ base: 0, xs: 25 }} loading={create.isPending}>
          {t('administration.application.add')}
        </Button>
      </Group>
    </form>
  );
}
