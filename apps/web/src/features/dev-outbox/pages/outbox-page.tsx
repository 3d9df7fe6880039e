import { Accordion, Alert, Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from '../../../components/ui/redirect';
import { isEnvironmentAllowed } from '../../../lib/access/route-access';
import { ApiRequestError } from '../../../lib/api/client';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { formatDateTime } from '../../../lib/format';
import { getOutbox } from '../api/get-outbox';
import { appLinks } from '../../../lib/routing/links';

/** Links in a mail become clickable, pointing at this server whatever address the mail used. */
function MailText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit' }}>
      {parts.map((part, i) => {
        if (!/^https?:\/\//.test(part)) return <Fragment key={i}>{part}</Fragment>;
        const url = new URL(part);
        return (
          <Anchor key={i} href={`${url.pathname}${url.search}`}>
            {part}
          </Anchor>
        );
      })}
    </Text>
  );
}

/**
 * Development only: the e-mails the product sent, so invitations, e-mail changes and sign-in codes
 * can be followed without a mail server.
 */
export function OutboxPage() {
  const { t, i18n } = useTranslation();
  const config = useRuntimeConfig();
  const allowed = isEnvironmentAllowed(
    { environments: ['localhost', 'Development'] },
    { environment: config.environment, hostname: window.location.hostname },
  );
  const outbox = useQuery({
    enabled: allowed,
    queryKey: ['dev-outbox'],
    queryFn: getOutbox,
    refetchInterval: (query) => (query.state.error ? false : 5000),
    retry: false,
  });
  if (!allowed) return <Redirect to={appLinks.notFound()} replace />;
  // The server shows the outbox to provider administrators only (unless opened on loopback).
  const restricted = outbox.error instanceof ApiRequestError && [401, 403].includes(outbox.error.status);
  return (
    <Container component="main" size="md" py="xl">
      <Stack>
        <Title order={1}>{t('outbox.title')}</Title>
        <Text c="dimmed">{t('outbox.intro')}</Text>
        {outbox.isError && (
          <Alert color={restricted ? 'yellow' : 'red'} role="alert">
            {t(restricted ? 'outbox.restricted' : 'common.systemFeedback.generalError')}
          </Alert>
        )}
        {outbox.data?.mails.length === 0 && <Text>{t('outbox.empty')}</Text>}
        <Accordion variant="separated">
          {outbox.data?.mails.map((mail) => (
            <Accordion.Item key={mail.id} value={String(mail.id)}>
              <Accordion.Control>
                <Text fw={600} size="sm">
                  {mail.subject}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('outbox.to', { address: mail.to })} · {formatDateTime(mail.created, i18n.language)}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <MailText text={mail.text} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Container>
  );
}
