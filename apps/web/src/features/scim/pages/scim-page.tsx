import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useScimSettings } from '../api/get-scim-settings';
import { ScimGroupsSection } from '../components/scim-groups-section';
import { ScimStatusSection } from '../components/scim-status-section';
import { ScimTokensSection } from '../components/scim-tokens-section';

/**
 * For the active account's administrators: provisioning from the customer's own directory (Entra
 * ID, Okta): on or off, the address and tokens to give the directory, and what its groups give.
 */
export function ScimPage() {
  const { t } = useTranslation();
  const { account } = useActiveAccount();
  if (!account) return null;
  return (
    <Stack>
      <Title order={1}>{t('titles.provisioning')}</Title>
      <Text maw={720}>{t('scim.intro', { account: account.name })}</Text>
      <ScimSettings key={account.id} customerId={account.id} />
    </Stack>
  );
}

function ScimSettings({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const settings = useScimSettings(customerId);
  if (settings.isPending) return <Loader size="sm" role="status" aria-label={t('common.loading')} />;
  if (settings.isError)
    return (
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
    );
  return (
    <>
      <ScimStatusSection customerId={customerId} settings={settings.data} />
      <ScimTokensSection customerId={customerId} tokens={settings.data.tokens} />
      <ScimGroupsSection customerId={customerId} />
    </>
  );
}
