import { Anchor } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import type { EdiDirection, EdiStatus, MessageCategory } from '@service-hub/contracts';
import { fitContent, truncated, type TruncatedWidth } from '../../../components/ui/data-list/column-fit';
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
  const content = fitContent<Row & { id: string }>();
  /** Names, file names, numbers: one line on a wide window (column-fit.ts). */
  const plain = (accessor: keyof Row & string, sortable = false, width: TruncatedWidth = 'name'): Column => ({
    accessor,
    title: t(`ediTracking.fields.${accessor}`),
    sortable,
    ...truncated<Row>(width),
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
      ...truncated<Row>('identifier'),
      render: (row) => (
        <Anchor component={Link} to={to(row)} inherit>
          {text(row)}
        </Anchor>
      ),
    }),
    status: (): Column => ({
      accessor: 'status',
      title: t('ediTracking.fields.status'),
      sortable: true,
      noWrap: true,
      ...content,
      render: (row) => <EdiStatusBadge status={row.status} />,
    }),
    direction: (): Column => ({
      accessor: 'direction',
      title: t('ediTracking.fields.direction'),
      ...content,
      render: (row) => t(`ediTracking.directions.${row.direction}`),
    }),
    category: (sortable: boolean): Column => ({
      accessor: 'category',
      title: t('ediTracking.fields.category'),
      sortable,
      // A word or two from a vocabulary, but the nine columns need the room ("Dispatch advice").
      ...truncated<Row>('name'),
      render: (row) =>
        'category' in row ? t(`ediTracking.categories.${row.category as MessageCategory}`) : '',
    }),
    time: (accessor: keyof Row & string, sortable = true): Column => ({
      accessor,
      title: t(`ediTracking.fields.${accessor}`),
      sortable,
      noWrap: true,
      ...content,
      render: (row) => {
        const value = row[accessor] as string | null;
        return value ? formatDateTime(value, language) : '';
      },
    }),
    bytes: (accessor: keyof Row & string): Column => ({
      accessor,
      title: t(`ediTracking.fields.${accessor}`),
      textAlign: 'right',
      ...content,
      render: (row) => formatNumber(row[accessor] as number, language),
    }),
    reason: (): Column => ({
      accessor: 'errorMessage',
      title: t('ediTracking.fields.errorMessage'),
      // Plain text, so the cell's ellipsis applies; on phones it wraps anywhere (column-fit.module.css).
      ...truncated<Row>('text'),
    }),
  };
}
