import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZCheckBulkAccountsRequest,
  ZCheckBulkAccountsResponse,
  ZImportBulkAccountsRequest,
  ZImportIdParam,
  ZImportBulkAccountsResponse,
  ZGetCustomerImportResponse,
} from '@service-hub/contracts';
import { notFound } from '../../lib/errors.ts';
import { principalOf } from '../auth/request-context.ts';
import { importCustomersJob } from '../../jobs/import-customers.job.ts';
import type { CrmConnector } from './crm-connector.ts';
import { checkAccounts, parseAccountNumbers, startImport } from './bulk-import.service.ts';
import { findImport } from './customer-imports.repository.ts';

const PROVIDER_ADMINS = { access: { roles: ['SF_ADMIN'] as const } };
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 502: ZApiError };

/** Bulk creation of customer accounts from the CRM (spec 2, /customers/new-bulk). */
export const bulkImportRoutes: FastifyPluginAsyncZod<{ crm: CrmConnector }> = async (app, { crm }) => {
  app.post(
    '/api/customer-imports/check',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'checkBulkAccounts',
        tags: ['customers'],
        summary: 'Checks comma-separated account numbers against the CRM and the Hub',
        description:
          'Each account is ready, or has a problem: invalid (a typo: not a country prefix and digits), notInCrm, ' +
          'incomplete (with the missing fields) or existsInHub. 502 CRM_UNAVAILABLE when the CRM does not answer.',
        body: ZCheckBulkAccountsRequest,
        response: { 200: ZCheckBulkAccountsResponse, ...errors },
      },
    },
    async (request) => ({
      accounts: await checkAccounts(app.db, crm, parseAccountNumbers(request.body.accountNumbers)),
    }),
  );

  app.post(
    '/api/customer-imports',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'importBulkAccounts',
        tags: ['customers'],
        summary: 'Creates customer accounts from the CRM',
        description:
          'Up to 5 accounts are imported at once (200, finished). More run as a background job (202, queued): poll ' +
          'GET /api/customer-imports/{importId}; the requester is notified when it ends. Each account is checked ' +
          'again; those that fail are listed with the reason.',
        body: ZImportBulkAccountsRequest,
        response: { 200: ZImportBulkAccountsResponse, 202: ZImportBulkAccountsResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { importRecord, background } = await startImport(
        app.db,
        crm,
        principalOf(request),
        request.body.accountNumbers,
        request.id,
        (importId) => app.enqueueJob(importCustomersJob, { importId }),
      );
      return reply.code(background ? 202 : 200).send(importRecord);
    },
  );

  app.get(
    '/api/customer-imports/:importId',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'getCustomerImport',
        tags: ['customers'],
        summary: 'The progress and results of a bulk creation',
        params: ZImportIdParam,
        response: {
          200: ZGetCustomerImportResponse,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
        },
      },
    },
    async (request) => {
      const found = await findImport(app.db, request.params.importId);
      if (!found) throw notFound('The import was not found.');
      return found;
    },
  );
};
