import {
  EDI_CONSIGNMENT_SORTS,
  EDI_DOCUMENT_SORTS,
  EDI_MESSAGE_SORTS,
  EDI_TEXT_FILTERS,
  ZListEdiConsignmentsRequest,
  ZListEdiDocumentsRequest,
  ZListEdiMessagesRequest,
} from '@service-hub/contracts';
import type { ListDefinition } from '../../lib/list-state/list-state';

const withOperators = <K extends string>(names: readonly K[]) =>
  names.flatMap((name) => [name, `${name}Operator` as const]);

/** Every filter of spec 3, by the API's parameter names: the same in all three lists. */
export const EDI_FILTER_KEYS = [
  'directionType',
  'status',
  'category',
  'customerIds',
  'fromDate',
  'toDate',
  ...withOperators(EDI_TEXT_FILTERS),
];

const byTimeFirst = (time: string) => (sort: string) => (sort === time ? 'desc' : 'asc');

export const consignmentsList: ListDefinition<string, (typeof EDI_CONSIGNMENT_SORTS)[number]> = {
  filters: EDI_FILTER_KEYS,
  sorts: EDI_CONSIGNMENT_SORTS,
  defaultSort: 'receivedAt',
  defaultDirection: byTimeFirst('receivedAt'),
};

export const messagesList: ListDefinition<string, (typeof EDI_MESSAGE_SORTS)[number]> = {
  filters: EDI_FILTER_KEYS,
  sorts: EDI_MESSAGE_SORTS,
  defaultSort: 'createdAt',
  defaultDirection: byTimeFirst('createdAt'),
};

export const documentsList: ListDefinition<string, (typeof EDI_DOCUMENT_SORTS)[number]> = {
  filters: EDI_FILTER_KEYS,
  sorts: EDI_DOCUMENT_SORTS,
  defaultSort: 'createdAt',
  defaultDirection: byTimeFirst('createdAt'),
};

export const QUERY_SCHEMAS = {
  consignments: ZListEdiConsignmentsRequest,
  messages: ZListEdiMessagesRequest,
  documents: ZListEdiDocumentsRequest,
};

export { daysAgo, errorsFirstFilters } from '../../lib/routing/edi-tracking-links';
