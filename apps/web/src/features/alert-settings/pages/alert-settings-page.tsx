import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useAlertSettings } from '../api/get-alert-settings';
import { AlertChecksSection } from '../components/alert-checks-section';
import { AlertRulesSection } from '../components/alert-rules-section';
import { AlertsAreaNav } from '../components/alerts-area-nav';

/**
 * What the active account is alerted about (its administrators): threshold rules on rejected and
 * undelivered documents, and the switches of the other checks. Issue 22, docs/alerts.md.
 */
export function AlertSettingsPage() {
  const { t } = useTranslation();
  const { account } = useActiveAccount();
  const settings = useAlertSettings(account?.id ?? 0);
  if (!account) return null;
  return (
    <Stack>
      {/* One long word in the Nordic languages ("Larminställningar"): it may break on a 320 px phone. */}
      <Title order={1} style={{ overflowWrap: 'anywhere', hyphens: 'auto' }}>
        {t('titles.alertSettings')}
      </Title>
      <AlertsAreaNav active="settings" />
      <Text maw={720}>{t('alertSettings.intro', { account: account.name })}</Text>
      {settings.isPending ? (
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      ) : settings.isError ? (
        // Never an empty list when it could not be read: that invites adding the defaults twice.
        <Alert
          color="red"
          role="alert"
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          title={t('common.systemFeedback.generalError')}
        >
          <Button size="xs" variant="default" onClick={() => void settings.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <AlertRulesSection accountId={account.id} settings={settings.data} />
          <AlertChecksSection accountId={account.id} checks={settings.data.checks} />
        </>
      )}
    </Stack>
  );
}
