import { Alert, Button, Code, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZCreateApiKeyRequest, type TCreateApiKeyResponse } from '@service-hub/contracts';
import { showServerFieldErrors, useContractForm } from '../../../lib/forms/contract-form';
import { useCreateApiKey } from '../api/create-api-key';
import { CustomerMultiSelect } from './customer-multi-select';

type Values = { name: string; customerIds: string[] };

const toRequest = (values: Values) => ({ name: values.name, customerIds: values.customerIds.map(Number) });

/**
 * Creates a key for named customers. The key is in the answer only (the server keeps its hash), so
 * it stays on screen with a copy button until the administrator dismisses it.
 */
export function CreateApiKeyForm() {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const [created, setCreated] = useState<TCreateApiKeyResponse>();
  const form = useContractForm<Values>(
    ZCreateApiKeyRequest,
    { initialValues: { name: '', customerIds: [] } },
    toRequest,
  );
  const submit = form.onSubmit((values) => {
    create.mutate(toRequest(values), {
      onSuccess: (key) => {
        setCreated(key);
        form.reset();
      },
      onError: (error) => {
        if (!showServerFieldErrors(form, error, t))
          form.setFieldError('name', t('common.systemFeedback.errorApi'));
      },
    });
  });
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h3">
          {t('administration.apiKeys.create')}
        </Title>
        {created && (
          <Alert color="green" role="status">
            <Stack gap="xs">
              <Text fw={700}>{t('administration.apiKeys.created', { name: created.name })}</Text>
              <Text size="sm">{t('administration.apiKeys.shownOnce')}</Text>
              <Code block aria-label={t('administration.apiKeys.theKey')} style={{ wordBreak: 'break-all' }}>
                {created.key}
              </Code>
              <Group>
                <CopyButton value={created.key}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy}>
                      {t(copied ? 'administration.apiKeys.copied' : 'administration.apiKeys.copy')}
                    </Button>
                  )}
                </CopyButton>
                <Button size="xs" variant="subtle" onClick={() => setCreated(undefined)}>
                  {t('administration.apiKeys.dismiss')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t('administration.apiKeys.name')}
              description={t('administration.apiKeys.nameHelp')}
              required
              {...form.getInputProps('name')}
            />
            <CustomerMultiSelect
              label={t('administration.apiKeys.customers')}
              description={t('administration.apiKeys.customersHelp')}
              inputProps={form.getInputProps('customerIds')}
            />
            <Group>
              <Button type="submit" loading={create.isPending}>
                {t('administration.apiKeys.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
