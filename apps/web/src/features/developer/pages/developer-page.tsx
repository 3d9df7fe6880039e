import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { developerLinks } from '../../../lib/routing/developer-links';
import { withQuery } from '../../../lib/routing/link-query';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useAccountApiKeys } from '../api/list-account-api-keys';
import { AccountApiKeysTable } from '../components/account-api-keys-table';
import { CreateAccountApiKeyDialog } from '../components/create-account-api-key-dialog';
import { ExampleRequests } from '../components/example-requests';

/**
 * For the active account's administrators: its API keys (create, shown once; revoke), the way to
 * its webhooks, example requests with this installation's address, and the API reference.
 */
export function DeveloperPage() {
  const { t } = useTranslation();
  const { account } = useActiveAccount();
  if (!account) return null;
  return (
    <Stack>
      <Title order={1}>{t('titles.developer')}</Title>
      <Text maw={720}>{t('developer.intro', { account: account.name })}</Text>
      <ApiKeysSection key={account.id} customerId={account.id} />
      <section aria-labelledby="developer-webhooks">
        <Title order={2} size="h3" id="developer-webhooks" mb="xs">
          {t('developer.webhooks.heading')}
        </Title>
        <Text maw={720} mb="xs">
          {t('developer.webhooks.intro')}
        </Text>
        <Anchor component={Link} to={withQuery(developerLinks.webhooks(), account.id)}>
          {t('developer.webhooks.manage')}
        </Anchor>
      </section>
      <ExamplesSection accountId={account.id} />
    </Stack>
  );
}

function ApiKeysSection({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const keys = useAccountApiKeys(customerId);
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby="developer-keys">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h3" id="developer-keys">
          {t('developer.keys.heading')}
        </Title>
        <Button onClick={() => setCreating(true)}>{t('developer.keys.createTitle')}</Button>
      </Group>
      <Text maw={720} mb="sm">
        {t('developer.keys.intro')}
      </Text>
      {keys.isPending ? (
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      ) : keys.isError ? (
        // Never "no keys yet" when the list could not be read: that invites a needless new key.
        <Alert
          color="red"
          role="alert"
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          title={t('common.systemFeedback.generalError')}
        >
          <Button size="xs" variant="default" onClick={() => void keys.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : keys.data.length === 0 ? (
        <Text>{t('developer.keys.empty')}</Text>
      ) : (
        <AccountApiKeysTable customerId={customerId} keys={keys.data} />
      )}
      <CreateAccountApiKeyDialog
        customerId={customerId}
        opened={creating}
        onClose={() => setCreating(false)}
      />
    </section>
  );
}

function ExamplesSection({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const { publicUrl } = useRuntimeConfig();
  return (
    <section aria-labelledby="developer-examples">
      <Title order={2} size="h3" id="developer-examples" mb="xs">
        {t('developer.examples.heading')}
      </Title>
      <ExampleRequests baseUrl={publicUrl} accountId={accountId} />
      <Anchor href={developerLinks.apiDocs()} target="_blank" rel="noopener" mt="sm" display="inline-block">
        {t('developer.examples.apiDocs')}
      </Anchor>
    </section>
  );
}
