/*
 * Every operation of the API has its pair, named after its operationId: `Z<OperationId>Request` (the
 * body, or the query when there is no body) and `Z<OperationId>Response` (the JSON answer), each with
 * its `T` type. A body's `T` is what a client sends (`z.input`: defaults may be left out); a query's
 * is the parsed query (`z.infer`: defaults filled in), which is also what a list keeps as its state.
 * Entities (`ZCustomer`, `ZSupportCase`…) and path parameters (`ZCustomerIdParam`…) are the building
 * blocks; an endpoint that answers with an entity names it again under its own pair name.
 */
export * from './vocabularies.ts';
export * from './errors.ts';
export * from './http.ts';
export * from './email.ts';
export * from './access.ts';
export * from './api/fields.ts';
export * from './api/system.ts';
export * from './api/auth.ts';
export * from './api/passkeys.ts';
export * from './api/customers.ts';
export * from './api/user.ts';
export * from './api/notifications.ts';
export * from './api/reports.ts';
export * from './api/services.ts';
export * from './api/crm.ts';
export * from './api/support.ts';
export * from './api/edi-connect.ts';
export * from './api/list-query.ts';
export * from './api/tracking.ts';
export * from './api/ingest.ts';
export * from './api/edi-tracking.ts';
export * from './api/saved-views.ts';
export * from './api/search.ts';
export * from './api/status.ts';
export * from './api/events.ts';
export * from './api/developer.ts';
export * from './api/alerts.ts';
export * from './api/alert-settings.ts';
export * from './api/webhooks.ts';
export * from './api/access-requests.ts';
export * from './api/scim.ts';
