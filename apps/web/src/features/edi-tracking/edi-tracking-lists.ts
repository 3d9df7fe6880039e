import {
  EDI_CONSIGNMENT_SORTS,
  EDI_DEFAULT_DAYS,
  EDI_DOCUMENT_SORTS,
  EDI_MESSAGE_SORTS,
  EDI_PROBLEM_STATUSES,
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

/** The day `days` days before today, in the user's calendar (YYYY-MM-DD). */
export function daysAgo(days: number, today = new Date()): string {
  const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() - days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Errors first: what an EDI user opens the page to find (spec: the default view). */
export const errorsFirstFilters = (today = new Date()) => ({
  status: EDI_PROBLEM_STATUSES.join(','),
  fromDate: daysAgo(EDI_DEFAULT_DAYS, today),
});
