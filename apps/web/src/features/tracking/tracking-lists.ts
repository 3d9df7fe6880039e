import {
  DOCUMENT_SORTS,
  DOCUMENT_TEXT_FILTERS,
  FILE_SORTS,
  FILE_TEXT_FILTERS,
  ZListTrackingDocumentsRequest,
  ZListTrackingFilesRequest,
} from '@service-hub/contracts';
import type { ListDefinition } from '../../lib/list-state/list-state';

const DATE_KEYS = ['dateOperator', 'fromDate', 'toDate', 'fromTime', 'toTime'] as const;
const withOperators = <K extends string>(names: readonly K[]) =>
  names.flatMap((name) => [name, `${name}Operator` as const]);

export const FILE_FILTER_KEYS = ['status', 'channel', ...DATE_KEYS, ...withOperators(FILE_TEXT_FILTERS)];
export type FileFilterKey = (typeof FILE_FILTER_KEYS)[number];

export const filesList: ListDefinition<string, (typeof FILE_SORTS)[number]> = {
  filters: FILE_FILTER_KEYS,
  sorts: FILE_SORTS,
  defaultSort: 'arrivedAt',
  defaultDirection: (sort) => (sort === 'arrivedAt' ? 'desc' : 'asc'),
};

export const DOCUMENT_FILTER_KEYS = [
  'status',
  'channel',
  'fileId',
  ...DATE_KEYS,
  ...withOperators(DOCUMENT_TEXT_FILTERS),
];

export const documentsList: ListDefinition<string, (typeof DOCUMENT_SORTS)[number]> = {
  filters: DOCUMENT_FILTER_KEYS,
  sorts: DOCUMENT_SORTS,
  defaultSort: 'createdAt',
  defaultDirection: (sort) => (sort === 'createdAt' ? 'desc' : 'asc'),
};

/** The API's own query schemas check the filters in the browser too. */
export const FILES_QUERY_SCHEMA = ZListTrackingFilesRequest;
export const DOCUMENTS_QUERY_SCHEMA = ZListTrackingDocumentsRequest;
