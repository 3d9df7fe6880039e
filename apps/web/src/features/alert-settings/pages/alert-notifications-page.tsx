import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useAlertPreferences } from '../api/get-alert-preferences';
import { AlertPreferencesForm } from '../components/alert-preferences-form';
import { AlertsAreaNav } from '../components/alerts-area-nav';

/**
 * Where the signed-in user hears of the active account's alerts: in the Hub, by e-mail at once or
 * as a daily digest. Every user of the account chooses for themselves (issue 22).
 */
export function AlertNotificationsPage() {
  const { t } = useTranslation();
  const { account } = useActiveAccount();
  const preferences = useAlertPreferences(account?.id ?? 0);
  if (!account) return null;
  return (
    <Stack>
      {/* One long word in the Nordic languages ("Larminställningar"): it may break on a 320 px phone. */}
      <Title order={1} style={{ overflowWrap: 'anywhere', hyphens: 'auto' }}>
        {t('titles.alertNotifications')}
      </Title>
      <AlertsAreaNav active="notifications" />
      <Text maw={720}>{t('alertSettings.preferences.intro', { account: account.name })}</Text>
      {preferences.isPending ? (
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      ) : preferences.isError ? (
        // Never the defaults when the choice could not be read: saving them would overwrite it.
        <Alert
          color="red"
          role="alert"
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          title={t('common.systemFeedback.generalError')}
        >
          <Button size="xs" variant="default" onClick={() => void preferences.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : (
        <AlertPreferencesForm account={account} saved={preferences.data} />
      )}
    </Stack>
  );
}
