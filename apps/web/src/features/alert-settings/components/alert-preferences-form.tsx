import { Button, Checkbox, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  ALERT_DIGEST_HOUR,
  ALERT_EMAIL_MODES,
  type TAlertPreferences,
  type TCustomerSummary,
} from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { useReportUnsavedChanges } from '../../../lib/routing/unsaved-changes';
import { useUpdateAlertPreferences } from '../api/update-alert-preferences';
import { formatClockTime } from './clock-time';

export type AlertPreferencesFormProps = { account: TCustomerSummary; saved: TAlertPreferences };

/**
 * The user's own choice for the account: the bell on or off, and e-mail off, at once or as one
 * digest each morning (at the digest hour in the account market's time, which the form says).
 */
export function AlertPreferencesForm({ account, saved }: AlertPreferencesFormProps) {
  const { t, i18n } = useTranslation();
  const update = useUpdateAlertPreferences(account.id);
  const form = useForm<TAlertPreferences>({ initialValues: saved });
  useReportUnsavedChanges(form.isDirty());
  const digestAt = t('alertSettings.preferences.digestAt', {
    time: formatClockTime(ALERT_DIGEST_HOUR, i18n.language),
    zone: t(`alertSettings.preferences.marketTime.${account.market}`),
  });
  const submit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: (stored) => {
        form.setInitialValues(stored);
        form.setValues(stored);
        form.resetDirty(stored);
        showSuccess('alertSettings.preferences.saved', { account: account.name });
      },
    }),
  );
  return (
    <Paper withBorder p="md" maw={720}>
      <form onSubmit={submit} noValidate aria-label={t('titles.alertNotifications')}>
        <Stack>
          <Checkbox
            label={t('alertSettings.preferences.inHub')}
            description={t('alertSettings.preferences.inHubHelp')}
            {...form.getInputProps('inHub', { type: 'checkbox' })}
          />
          <Radio.Group label={t('alertSettings.preferences.email')} {...form.getInputProps('email')}>
            <Stack gap="xs" mt="xs">
              {ALERT_EMAIL_MODES.map((mode) => (
                <Radio
                  key={mode}
                  value={mode}
                  label={t(`alertSettings.preferences.emailModes.${mode}`)}
                  description={
                    mode === 'digest' ? digestAt : t(`alertSettings.preferences.emailHelp.${mode}`)
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
          <Text size="sm" c="dimmed">
            {t('alertSettings.preferences.who')}
          </Text>
          <Group>
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
