import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TExportCustomerAuditRequest, TListCustomerAuditRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

export type AuditFilter = TExportCustomerAuditRequest;

export const listCustomerAuditQueryOptions = (customerId: number, query: TListCustomerAuditRequest) =>
  queryOptions({
    queryKey: ['customers', customerId, 'audit', query],
    queryFn: () =>
      unwrap(api.GET('/api/customers/{id}/audit', { params: { path: { id: String(customerId) }, query } })),
    placeholderData: keepPreviousData,
  });

export const useCustomerAudit = (customerId: number, query: TListCustomerAuditRequest) =>
  useQuery(listCustomerAuditQueryOptions(customerId, query));

/** The address of the CSV export with the same filters (a download, not a JSON call). */
export function customerAuditExportPath(customerId: number, query: AuditFilter): string {
  const params = new URLSearchParams(
    Object.entries(query).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
  const search = params.toString();
  return `/api/customers/${customerId}/audit/export${search ? `?${search}` : ''}`;
}
