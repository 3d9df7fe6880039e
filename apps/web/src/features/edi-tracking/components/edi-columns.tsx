import { Anchor, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import type { EdiDirection, EdiStatus, MessageCategory } from '@service-hub/contracts';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { EdiStatusBadge } from './edi-status-badge';

type Common = {
  status: EdiStatus;
  direction: EdiDirection;
  senderName: string;
  receiverName: string;
  filename: string;
  errorMessage: string | null;
};

/** Column builders shared by the three lists; each list picks and orders its own. */
export function ediColumns<Row extends Common>(t: TFunction, language: string) {
  type Column = DataTableColumn<Row & { id: string }>;
  const plain = (accessor: keyof Row & string, sortable = false): Column => ({
    accessor,
    title: t(`ediTracking.fields.${accessor}`),
    sortable,
  });
  return {
    plain,
    link: (
      accessor: keyof Row & string,
      to: (row: Row) => string,
      text: (row: Row) => string,
      sortable = true,
    ): Column => ({
      accessor,
      title: t(`ediTracking.fields.${accessor}`),
      sortable,
      noWrap: true,
      render: (row) => (
        <Anchor component={Link} to={to(row)} size="sm">
          {text(row)}
        </Anchor>
      ),
    }),
    status: (): Column => ({
      accessor: 'status',
      title: t('ediTracking.fields.status'),
      sortable: true,
      noWrap: true,
      render: (row) => <EdiStatusBadge status={row.status} />,
    }),
    direction: (): Column => ({
      accessor: 'direction',
      title: t('ediTracking.fields.direction'),
      render: (row) => t(`ediTracking.directions.${row.direction}`),
    }),
    category: (sortable: boolean): Column => ({
      accessor: 'category',
      title: t('ediTracking.fields.category'),
      sortable,
      render: (row) =>
        'category' in row ? t(`ediTracking.categories.${row.category as MessageCategory}`) : '',
    }),
    time: (accessor: keyof Row & string, sortable = true): Column => ({
      accessor,
      title: t(`ediTracking.fields.${accessor}`),
      sortable,
      noWrap: true,
      render: (row) => {
        const value = row[accessor] as string | null;
        return value ? formatDateTime(value, language) : '';
      },
    }),
    bytes: (accessor: keyof Row & string): Column => ({
      accessor,
      title: t(`ediTracking.fields.${accessor}`),
      textAlign: 'right',
      render: (row) => formatNumber(row[accessor] as number, language),
    }),
    reason: (): Column => ({
      accessor: 'errorMessage',
      title: t('ediTracking.fields.errorMessage'),
      render: (row) =>
        row.errorMessage && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.errorMessage}
          </Text>
        ),
    }),
  };
}
