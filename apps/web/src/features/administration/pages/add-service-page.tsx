import { Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ZCreateServiceRequest } from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { useCreateService } from '../api/create-service';
import { ADMIN_MESSAGES } from '../messages';
import { errorCodeOf, serverFieldErrors, validateWith } from '../../../lib/forms/form-validation';
import { administrationLinks } from '../administration-links';

/** Adds a service with its first application (spec 2, /administration/services/addservice). */
export function AddServicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateService();
  const form = useForm({
    initialValues: {
      name: '',
      shortName: '',
      applicationName: '',
      crmMappingGuid: '',
      wodGroupName: '',
      nameHint: '',
    },
    validate: validateWith(ZCreateServiceRequest, t, { keys: ADMIN_MESSAGES }),
  });
  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: (service) => {
        showSuccess('administration.service.added', { name: service.name });
        void navigate(administrationLinks.permissions(service.id));
      },
      onError: (error) => {
        const code = errorCodeOf(error);
        if (code === 'SERVICE_EXISTS') form.setFieldError('shortName', t('administration.service.exists'));
        else if (code === 'APPLICATION_EXISTS')
          form.setFieldError('applicationName', t('administration.application.exists'));
        else form.setErrors(serverFieldErrors(error, t, ADMIN_MESSAGES));
      },
    }),
  );
  return (
    <Stack maw={900}>
      <Title order={1}>{t('titles.addService')}</Title>
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('administration.service.name')}
                description={t('administration.service.nameHelp')}
                required
                {...form.getInputProps('name')}
              />
              <TextInput
                label={t('administration.service.shortName')}
                description={t('administration.service.shortNameHelp')}
                required
                {...form.getInputProps('shortName')}
              />
              <TextInput
                label={t('administration.application.name')}
                required
                {...form.getInputProps('applicationName')}
              />
              <TextInput
                label={t('administration.service.crmMappingGuid')}
                description={t('administration.service.guidHelp')}
                {...form.getInputProps('crmMappingGuid')}
              />
              <TextInput
                label={t('administration.service.wodGroupName')}
                {...form.getInputProps('wodGroupName')}
              />
              <TextInput label={t('administration.service.nameHint')} {...form.getInputProps('nameHint')} />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={create.isPending}>
                {t('administration.services.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
