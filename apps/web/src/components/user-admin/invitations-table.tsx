import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { InvitationStatus } from '@service-hub/contracts';
import { showSuccess } from '../../lib/feedback/toasts';
import { formatDateTime } from '../../lib/format';
import { KEYBOARD_SCROLLABLE } from '../ui/keyboard-scrollable';
import { useInvitations, useResendInvitation, useWithdrawInvitation } from './api/invitations';

const STATUS_COLORS: Record<InvitationStatus, string> = {
  pending: 'blue',
  accepted: 'green',
  expired: 'gray',
  withdrawn: 'gray',
};

/** The invitations to an account: pending, accepted, expired or withdrawn; resend and withdraw. */
export function InvitationsTable({ customerId }: { customerId: number }) {
  const { t, i18n } = useTranslation();
  const invitations = useInvitations(customerId);
  const resend = useResendInvitation(customerId);
  const withdraw = useWithdrawInvitation(customerId);
  return (
    <Stack gap="xs" component="section" aria-labelledby="invitations-title">
      <Title order={2} size="h3" id="invitations-title">
        {t('userAdmin.invitations.title')}
      </Title>
      <DataTable
        withTableBorder
        striped
        minHeight={120}
        // Without invitations no row holds a button that would let the keyboard scroll the table.
        scrollAreaProps={KEYBOARD_SCROLLABLE}
        records={invitations.data ?? []}
        fetching={invitations.isPending}
        noRecordsText={t('userAdmin.invitations.none')}
        columns={[
          {
            accessor: 'email',
            title: t('userAdmin.fields.email'),
            render: (i) => `${i.firstName} ${i.lastName} <${i.email}>`,
          },
          {
            accessor: 'status',
            title: t('userAdmin.invitations.status'),
            render: (i) => (
              <Badge variant="outline" color={STATUS_COLORS[i.status]}>
                {t(`userAdmin.invitations.statuses.${i.status}`)}
              </Badge>
            ),
          },
          {
            accessor: 'created',
            title: t('userAdmin.invitations.sent'),
            render: (i) => formatDateTime(i.created, i18n.language),
          },
          { accessor: 'invitedBy', title: t('userAdmin.invitations.invitedBy') },
          {
            accessor: 'actions',
            title: t('userAdmin.invitations.actions'),
            render: (i) =>
              i.status === 'pending' || i.status === 'expired' ? (
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="default"
                    loading={resend.isPending && resend.variables === i.id}
                    onClick={() =>
                      resend.mutate(i.id, {
                        onSuccess: () => showSuccess('userAdmin.invite.sent', { email: i.email }),
                      })
                    }
                    aria-label={t('userAdmin.invitations.resendTo', { email: i.email })}
                  >
                    {t('userAdmin.invitations.resend')}
                  </Button>
                  {i.status === 'pending' && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      loading={withdraw.isPending && withdraw.variables === i.id}
                      onClick={() =>
                        withdraw.mutate(i.id, {
                          onSuccess: () => showSuccess('userAdmin.invitations.withdrawn'),
                        })
                      }
                      aria-label={t('userAdmin.invitations.withdrawFor', { email: i.email })}
                    >
                      {t('userAdmin.invitations.withdraw')}
                    </Button>
                  )}
                </Group>
              ) : null,
          },
        ]}
      />
    </Stack>
  );
}
