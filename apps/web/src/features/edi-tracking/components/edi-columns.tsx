import { Anchor } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import type { EdiDirection, EdiStatus, MessageCategory } from '@service-hub/contracts';
import { fitContent, truncated, type TruncatedWidth } from '../../../components/ui/data-list/column-fit';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { DirectionHeader, DirectionIcon } from './direction-icon';
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
  /**
   * A column's header: its field's name, and where that is one long word, the word with the places
   * it may break at (`ediTracking.columnHeaders`, soft hyphens: "Meddelande-/kategori"), so that
   * nine columns fit beside the sidebar at 1280 px in every language.
   */
  const header = (accessor: string) =>
    t([`ediTracking.columnHeaders.${accessor}`, `ediTracking.fields.${accessor}`]);
  /** Names, file names, numbers: one line on a wide window (column-fit.ts). */
  const plain = (accessor: keyof Row & string, sortable = false, width: TruncatedWidth = 'name'): Column => ({
    accessor,
    title: header(accessor),
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
      title: header(accessor),
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
      // An icon, named for assistive technology and in a tooltip: the words took the room of a
      // name column, in the Nordic languages more than the lists have (direction-icon.tsx).
      title: <DirectionHeader />,
      ...content,
      render: (row) => <DirectionIcon direction={row.direction} />,
    }),
    category: (sortable: boolean): Column => ({
      accessor: 'category',
      title: header('category'),
      sortable,
      // A word or two from a vocabulary ("Dispatch advice"), read whole: as wide as the longest on
      // the page, the room beyond it goes to the names.
      ...content,
      render: (row) =>
        'category' in row ? t(`ediTracking.categories.${row.category as MessageCategory}`) : '',
    }),
    time: (accessor: keyof Row & string, sortable = true): Column => ({
      accessor,
      title: header(accessor),
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
      title: header(accessor),
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
