import { Alert, Button, Card, Group, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { ZUpdateCustomerMfaRequest, type MfaType, type TCustomer } from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { showServerFieldErrors, useContractForm } from '../../../lib/forms/contract-form';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/routing/page-title';
import { useReportUnsavedChanges } from '../../../lib/routing/unsaved-changes';
import { useUpdateCustomerMfa } from '../api/update-customer-mfa';

/**
 * The customer's security tab (spec 2 and 4): multi-factor sign-in on or off, with the authenticator
 * app or an e-mailed code. Every user of the account must use it from their next sign-in.
 */
export function CustomerSecurityPage() {
  const { t, i18n } = useTranslation();
  const customer = useOutletContext<TCustomer>();
  const { heading } = usePageTitle();
  const update = useUpdateCustomerMfa(customer.id);
  const form = useContractForm(ZUpdateCustomerMfaRequest, {
    initialValues: { isMFAEnabled: customer.isMFAEnabled, mfaType: customer.mfaType },
  });
  const { isMFAEnabled: enabled, mfaType: method } = form.getValues();
  useReportUnsavedChanges(enabled !== customer.isMFAEnabled || (enabled && method !== customer.mfaType));

  const submit = form.onSubmit((values) => {
    const setting = {
      isMFAEnabled: values.isMFAEnabled,
      mfaType: values.isMFAEnabled ? values.mfaType : null,
    };
    update.mutate(setting, {
      onSuccess: () => {
        form.setInitialValues(setting);
        form.setValues(setting);
        showSuccess('security.saved');
      },
      onError: (error) => showServerFieldErrors(form, error, t),
    });
  });

  return (
    <Stack maw={720}>
      <Title order={1}>{heading}</Title>
      <Card withBorder component="section" aria-labelledby="security-mfa">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={2} size="h3" id="security-mfa">
              {t('security.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('security.intro')}
            </Text>
            <Switch
              label={t('security.enabled')}
              checked={enabled}
              onChange={(e) => {
                form.setFieldValue('isMFAEnabled', e.currentTarget.checked);
                if (e.currentTarget.checked && !method) form.setFieldValue('mfaType', 'app');
              }}
            />
            <Radio.Group
              label={t('security.method')}
              value={method ?? ''}
              onChange={(value) => form.setFieldValue('mfaType', value as MfaType)}
              error={form.errors.mfaType}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="app" label={t('security.methods.app')} disabled={!enabled} />
                <Radio value="email" label={t('security.methods.email')} disabled={!enabled} />
              </Stack>
            </Radio.Group>
            <Alert color="blue" variant="light">
              {t('security.takesEffect')}
            </Alert>
            {customer.mfaModifiedDate && (
              <Text size="sm" c="dimmed">
                {t('security.lastChanged', { date: formatDateTime(customer.mfaModifiedDate, i18n.language) })}
              </Text>
            )}
            <Group>
              <Button type="submit" loading={update.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
