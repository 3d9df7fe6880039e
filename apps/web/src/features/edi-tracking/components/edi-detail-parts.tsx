import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EdiStatus, MessageCategory, TEdiStatusEntry } from '@service-hub/contracts';
import { DetailList } from '../../../components/ui/detail-list';
import { ResponsiveTable } from '../../../components/ui/responsive-table';
import { formatDateTime } from '../../../lib/format';
import { EdiStatusBadge } from './edi-status-badge';

type Party = { customerNumber: string | null; name: string; address: string };

/** A titled part of a detail page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Sender and receiver with their address and, for Hub customers, customer number. */
export function Parties({ sender, receiver }: { sender: Party; receiver: Party }) {
  const { t } = useTranslation();
  const describe = (party: Party) => (
    <>
      {party.name}
      <Text span display="block" size="sm" c="dimmed">
        {party.address}
      </Text>
      <Text span display="block" size="sm" c="dimmed">
        {party.customerNumber
          ? t('ediTracking.detail.customerNumber', { number: party.customerNumber })
          : t('ediTracking.detail.outsidePartner')}
      </Text>
    </>
  );
  return (
    <DetailList
      items={[
        { label: t('ediTracking.fields.sender'), value: describe(sender) },
        { label: t('ediTracking.fields.receiver'), value: describe(receiver) },
      ]}
    />
  );
}

/** Every status with its time, oldest first, and the reason where the data has one. */
export function StatusHistory({ entries }: { entries: readonly TEdiStatusEntry[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ResponsiveTable
      rowKey={(entry) => entry.position}
      rows={entries.map((entry, position) => ({ ...entry, position }))}
      columns={[
        {
          key: 'at',
          header: t('ediTracking.fields.time'),
          cell: (entry) => formatDateTime(entry.at, i18n.language, true),
        },
        {
          key: 'status',
          header: t('ediTracking.fields.status'),
          cell: (entry) => <EdiStatusBadge status={entry.status} />,
        },
        { key: 'reason', header: t('ediTracking.fields.errorMessage'), cell: (entry) => entry.reason ?? '' },
      ]}
    />
  );
}

export type RelatedItem = {
  id: string;
  category: MessageCategory;
  status: EdiStatus;
  to: string;
  extra?: string;
};

/** Documents or messages of a consignment, each a link to its own page. */
export function RelatedList({
  items,
  idLabel,
  empty,
  extraLabel,
}: {
  items: readonly RelatedItem[];
  idLabel: string;
  empty: string;
  extraLabel?: string;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <Text>{empty}</Text>;
  return (
    <ResponsiveTable
      rowKey={(item) => item.id}
      rows={items}
      columns={[
        {
          key: 'id',
          header: idLabel,
          cell: (item) => (
            <Anchor component={Link} to={item.to}>
              {item.id}
            </Anchor>
          ),
        },
        {
          key: 'category',
          header: t('ediTracking.fields.category'),
          cell: (item) => t(`ediTracking.categories.${item.category}`),
        },
        ...(extraLabel
          ? [{ key: 'extra', header: extraLabel, cell: (item: RelatedItem) => item.extra ?? '' }]
          : []),
        {
          key: 'status',
          header: t('ediTracking.fields.status'),
          cell: (item) => <EdiStatusBadge status={item.status} />,
        },
      ]}
    />
  );
}
