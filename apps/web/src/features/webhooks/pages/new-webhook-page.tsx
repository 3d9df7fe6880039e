import { Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TCreateWebhookEndpointResponse } from '@service-hub/contracts';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint';
import { EndpointForm } from '../components/endpoint-form';
import { SecretReveal } from '../components/secret-reveal';
import { webhooksLinks } from '../webhooks-links';

/** Registers an endpoint, then shows its signing secret once. */
export function NewWebhookPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { account } = useActiveAccount();
  const create = useCreateWebhookEndpoint(account?.id ?? null);
  const [created, setCreated] = useState<TCreateWebhookEndpointResponse>();
  return (
    <Stack>
      <Title order={1}>{t('titles.newWebhook')}</Title>
      {created ? (
        <Stack maw={720}>
          <SecretReveal
            secret={created.secret}
            title={t('webhooks.secret.created', { url: created.endpoint.url })}
            onDone={() => void navigate(webhooksLinks.endpoint(created.endpoint.id))}
          />
          <Text size="sm">{t('webhooks.secret.howToVerify')}</Text>
        </Stack>
      ) : (
        <>
          <Text maw={720}>{t('webhooks.form.intro')}</Text>
          <EndpointForm
            accountId={account?.id ?? null}
            submitLabel={t('webhooks.form.create')}
            isSaving={create.isPending}
            onSubmit={(request, showError) =>
              create.mutate(request, { onSuccess: setCreated, onError: showError })
            }
          />
          <div>
            <Button component={Link} to={webhooksLinks.list()} variant="subtle">
              {t('common.cancel')}
            </Button>
          </div>
        </>
      )}
    </Stack>
  );
}
