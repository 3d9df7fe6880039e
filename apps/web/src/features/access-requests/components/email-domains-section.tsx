import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ZAddEmailDomainRequest,
  type EmailDomainState,
  type TEmailDomain,
  type TListAccountAccessRequestsResponse,
} from '@service-hub/contracts';
import { useForm } from '@mantine/form';
import { validateWith } from '../../../lib/forms/form-validation';
import { useAddEmailDomain } from '../api/add-email-domain';
import { useEmailDomains } from '../api/list-email-domains';
import { useRemoveEmailDomain } from '../api/remove-email-domain';
import { DomainSettingsDialog } from './domain-settings-dialog';
import { accessRequestErrorKey } from './error-key';
import { fieldErrorsOf } from './field-errors';

/** What the server refuses about a domain, in words. */
const SERVER_KEYS = {
  'domain.invalidValue': 'accessRequests.domains.publicDomain',
  'domain.alreadyExists': 'accessRequests.domains.alreadyVerified',
  'verificationAddress.invalidValue': 'accessRequests.domains.addressElsewhere',
};
const FORMAT_KEYS = { domain: 'accessRequests.domains.domainFormat' };

type DomainValues = { domain: string; verificationAddress: string };

const STATE_COLORS: Record<EmailDomainState, string> = {
  pending: 'yellow',
  verified: 'green',
  expired: 'gray',
};

export type EmailDomainsSectionProps = {
  customerId: number;
  options: Pick<TListAccountAccessRequestsResponse, 'grantablePermissions' | 'grantableRoles'> | undefined;
};

/**
 * The account's e-mail domains: add one (a confirmation link goes to an address at it), switch on
 * automatic approval for a verified one, remove one.
 */
export function EmailDomainsSection({ customerId, options }: EmailDomainsSectionProps) {
  const { t } = useTranslation();
  const domains = useEmailDomains(customerId);
  const [editing, setEditing] = useState<TEmailDomain | null>(null);
  return (
    <section aria-labelledby="email-domains-heading">
      <Title order={2} size="h3" id="email-domains-heading" mb="xs">
        {t('accessRequests.domains.heading')}
      </Title>
      <Text maw={720} mb="sm">
        {t('accessRequests.domains.intro')}
      </Text>
      <Stack>
        {domains.isPending ? (
          <Loader size="sm" role="status" aria-label={t('common.loading')} />
        ) : domains.isError ? (
          <Alert color="red" role="alert" title={t('common.systemFeedback.generalError')}>
            <Button size="xs" variant="default" onClick={() => void domains.refetch()}>
              {t('common.retry')}
            </Button>
          </Alert>
        ) : domains.data.domains.length === 0 ? (
          <Text>{t('accessRequests.domains.empty')}</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {domains.data.domains.map((domain) => (
              <DomainItem
                key={domain.id}
                customerId={customerId}
                domain={domain}
                onSettings={options ? () => setEditing(domain) : undefined}
              />
            ))}
          </Stack>
        )}
        <AddDomainForm customerId={customerId} />
      </Stack>
      {editing && options && (
        <DomainSettingsDialog
          customerId={customerId}
          domain={editing}
          options={options}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

function DomainItem({
  customerId,
  domain,
  onSettings,
}: {
  customerId: number;
  domain: TEmailDomain;
  onSettings: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const remove = useRemoveEmailDomain(customerId);
  return (
    <Card component="li" withBorder padding="sm" aria-label={domain.domain}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {domain.domain}
          </Text>
          <Badge color={STATE_COLORS[domain.state]} variant="light" c="dark.8" tt="none">
            {t(`accessRequests.domains.state.${domain.state}`)}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {domain.state === 'verified'
            ? t(domain.autoApprove ? 'accessRequests.domains.autoOn' : 'accessRequests.domains.autoOff')
            : t('accessRequests.domains.sentTo', { address: domain.verificationAddress })}
        </Text>
        <Group gap="xs">
          {domain.state === 'verified' && onSettings && (
            <Button
              size="xs"
              variant="default"
              onClick={onSettings}
              aria-label={t('accessRequests.domains.settingsOf', { domain: domain.domain })}
            >
              {t('accessRequests.domains.settings')}
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(domain.id)}
            aria-label={t('accessRequests.domains.removeDomain', { domain: domain.domain })}
          >
            {t('accessRequests.domains.remove')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function AddDomainForm({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const add = useAddEmailDomain(customerId);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<DomainValues>({
    initialValues: { domain: '', verificationAddress: '' },
    validate: validateWith<DomainValues>(ZAddEmailDomainRequest, t, { keys: FORMAT_KEYS }),
  });
  const submit = form.onSubmit((values) => {
    setFailure(null);
    setSentTo(null);
    // The request as the contract reads it (the domain in lower case, without a trailing dot).
    add.mutate(ZAddEmailDomainRequest.parse(values), {
      onSuccess: (domain) => {
        setSentTo(domain.verificationAddress);
        form.reset();
      },
      onError: (error) => {
        const errors = fieldErrorsOf(error, t, SERVER_KEYS);
        if (Object.keys(errors).length > 0) form.setErrors(errors);
        else setFailure(accessRequestErrorKey(error));
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-domain-heading">
      <Stack gap="sm" maw={520}>
        <Title order={3} size="h4" id="add-domain-heading">
          {t('accessRequests.domains.addHeading')}
        </Title>
        {sentTo && (
          <Alert color="blue" role="status">
            {t('accessRequests.domains.linkSent', { address: sentTo })}
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {t(failure)}
          </Alert>
        )}
        <TextInput
          label={t('accessRequests.domains.domain')}
          description={t('accessRequests.domains.domainHint')}
          required
          key={form.key('domain')}
          {...form.getInputProps('domain')}
        />
        <TextInput
          label={t('accessRequests.domains.address')}
          description={t('accessRequests.domains.addressHint')}
          type="email"
          required
          key={form.key('verificationAddress')}
          {...form.getInputProps('verificationAddress')}
        />
        <Button type="submit" loading={add.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('accessRequests.domains.add')}
        </Button>
      </Stack>
    </form>
  );
}
