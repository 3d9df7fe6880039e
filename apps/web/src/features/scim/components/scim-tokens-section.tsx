import { Badge, Button, Group, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCreatedScimToken, TScimToken } from '@service-hub/contracts';
import { ResponsiveTable } from '../../../components/ui/responsive-table';
import { showSuccess } from '../../../lib/feedback/toasts';
import { formatDateTime } from '../../../lib/format';
import { useCreateScimToken } from '../api/create-scim-token';
import { useRevokeScimToken } from '../api/revoke-scim-token';
import { useRotateScimToken } from '../api/rotate-scim-token';
import { ShownOnceToken } from './shown-once-token';

export type ScimTokensSectionProps = { customerId: number; tokens: readonly TScimToken[] };

const EXPIRIES = ['never', '90', '365'] as const;
const OVERLAPS = ['24', '72', '168', '0'] as const;

const isActive = (token: TScimToken) =>
  token.revokedAt === null && (token.expiresAt === null || Date.parse(token.expiresAt) > Date.now());

/**
 * The directory's bearer tokens: create (shown once), rotate (the old one keeps working for a
 * chosen time, so the sync does not fail while the directory is switched over) and revoke.
 */
export function ScimTokensSection({ customerId, tokens }: ScimTokensSectionProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateScimToken(customerId);
  const rotate = useRotateScimToken(customerId);
  const revoke = useRevokeScimToken(customerId);
  const [dialog, setDialog] = useState<
    { kind: 'create' } | { kind: 'rotate' | 'revoke'; token: TScimToken }
  >();
  const [expiry, setExpiry] = useState<string>('never');
  const [overlap, setOverlap] = useState<string>('24');
  const [created, setCreated] = useState<TCreatedScimToken>();
  const [failed, setFailed] = useState(false);
  const when = (value: string | null) =>
    value ? formatDateTime(value, i18n.language) : t('scim.tokens.never');
  const close = () => {
    setDialog(undefined);
    setCreated(undefined);
    setFailed(false);
    create.reset();
    rotate.reset();
  };
  const onError = () => setFailed(true);
  const submit = () => {
    if (!dialog) return;
    setFailed(false);
    if (dialog.kind === 'create')
      create.mutate(
        { expiresInDays: expiry === 'never' ? null : Number(expiry) },
        { onSuccess: setCreated, onError },
      );
    else if (dialog.kind === 'rotate')
      rotate.mutate(
        { tokenId: dialog.token.id, overlapHours: Number(overlap) },
        { onSuccess: setCreated, onError },
      );
    else
      revoke.mutate(dialog.token.id, {
        onSuccess: () => {
          showSuccess('scim.tokens.revoked', { prefix: dialog.token.tokenPrefix });
          close();
        },
      });
  };
  const title = !dialog
    ? ''
    : created
      ? t('scim.tokens.createdTitle')
      : t(`scim.tokens.${dialog.kind}Title`, {
          prefix: dialog.kind === 'create' ? '' : dialog.token.tokenPrefix,
        });
  return (
    <section aria-labelledby="scim-tokens">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h3" id="scim-tokens">
          {t('scim.tokens.heading')}
        </Title>
        <Button onClick={() => setDialog({ kind: 'create' })}>{t('scim.tokens.create')}</Button>
      </Group>
      <Text maw={720} mb="sm">
        {t('scim.tokens.intro')}
      </Text>
      {tokens.length === 0 ? (
        <Text>{t('scim.tokens.empty')}</Text>
      ) : (
        <ResponsiveTable
          rowKey={(token) => token.id}
          rows={tokens}
          columns={[
            {
              key: 'prefix',
              header: t('scim.tokens.prefix'),
              cell: (token) => <Text ff="monospace" size="sm">{`${token.tokenPrefix}…`}</Text>,
            },
            {
              key: 'created',
              header: t('scim.tokens.createdColumn'),
              cell: (token) =>
                token.createdBy
                  ? t('scim.tokens.createdBy', { when: when(token.created), who: token.createdBy })
                  : when(token.created),
            },
            { key: 'lastUsed', header: t('scim.tokens.lastUsed'), cell: (token) => when(token.lastUsedAt) },
            { key: 'expires', header: t('scim.tokens.expires'), cell: (token) => when(token.expiresAt) },
            {
              key: 'status',
              header: t('scim.tokens.status'),
              cell: (token) =>
                isActive(token) ? (
                  <Group gap="xs">
                    <Badge color="green" variant="light" c="dark.8" tt="none">
                      {t('scim.tokens.active')}
                    </Badge>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => setDialog({ kind: 'rotate', token })}
                      aria-label={t('scim.tokens.rotateNamed', { prefix: token.tokenPrefix })}
                    >
                      {t('scim.tokens.rotate')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => setDialog({ kind: 'revoke', token })}
                      aria-label={t('scim.tokens.revokeNamed', { prefix: token.tokenPrefix })}
                    >
                      {t('scim.tokens.revoke')}
                    </Button>
                  </Group>
                ) : (
                  <Badge color="gray" variant="light" c="dark.8" tt="none">
                    {token.revokedAt
                      ? t('scim.tokens.revokedAt', { when: when(token.revokedAt) })
                      : t('scim.tokens.expired')}
                  </Badge>
                ),
            },
          ]}
        />
      )}
      <Modal
        opened={dialog !== undefined}
        onClose={close}
        title={title}
        // A click beside the dialog must not throw away a token that is shown only once.
        closeOnClickOutside={!created}
        closeButtonProps={{ 'aria-label': t('scim.close') }}
        centered
      >
        {created ? (
          <Stack>
            <ShownOnceToken token={created.token} />
            <Group justify="flex-end">
              <Button onClick={close}>{t('scim.tokens.done')}</Button>
            </Group>
          </Stack>
        ) : (
          <Stack>
            {dialog?.kind === 'create' && (
              <Select
                label={t('scim.tokens.expiry')}
                data={EXPIRIES.map((value) => ({ value, label: t(`scim.tokens.expiries.${value}`) }))}
                value={expiry}
                onChange={(value) => setExpiry(value ?? 'never')}
                allowDeselect={false}
              />
            )}
            {dialog?.kind === 'rotate' && (
              <>
                <Text size="sm">{t('scim.tokens.rotateHelp')}</Text>
                <Select
                  label={t('scim.tokens.overlap')}
                  data={OVERLAPS.map((value) => ({ value, label: t(`scim.tokens.overlaps.${value}`) }))}
                  value={overlap}
                  onChange={(value) => setOverlap(value ?? '24')}
                  allowDeselect={false}
                />
              </>
            )}
            {dialog?.kind === 'revoke' && (
              <Text>{t('scim.tokens.revokeConfirm', { prefix: dialog.token.tokenPrefix })}</Text>
            )}
            {failed && (
              <Text c="red.8" role="alert" size="sm">
                {t('common.systemFeedback.errorApi')}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button
                color={dialog?.kind === 'revoke' ? 'red' : undefined}
                loading={create.isPending || rotate.isPending || revoke.isPending}
                onClick={submit}
              >
                {dialog ? t(`scim.tokens.${dialog.kind}`) : ''}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </section>
  );
}
