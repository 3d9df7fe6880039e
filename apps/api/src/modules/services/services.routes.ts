import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZCreateApplicationRequest,
  ZCreatePermissionRequest,
  ZCreateServiceRequest,
  ZSearchPermissionsResponse,
  ZSearchPermissionsRequest,
  ZGetServiceResponse,
  ZServiceIdParam,
  ZListServicesResponse,
  ZCreateServiceResponse,
  ZCreateApplicationResponse,
  ZCreatePermissionResponse,
} from '@service-hub/contracts';
import { notFound } from '../../lib/errors.ts';
import { principalOf } from '../auth/request-context.ts';
import { findService, listServices, searchPermissions } from './services.repository.ts';
import { createApplication, createPermission, createService } from './services.service.ts';

const PROVIDER_ADMINS = { access: { roles: ['SF_ADMIN'] as const } };
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

/** Services, their applications and permissions (spec 2, /administration): provider administrators only. */
export const servicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/services',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'listServices',
        tags: ['services'],
        summary: 'Every service with the number of its applications and permissions',
        response: { 200: ZListServicesResponse, 401: ZApiError, 403: ZApiError },
      },
    },
    async () => listServices(app.db),
  );

  app.post(
    '/api/services',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'createService',
        tags: ['services'],
        summary: 'Adds a service with its first application',
        description:
          '409 SERVICE_EXISTS for a taken abbreviation, 409 APPLICATION_EXISTS for a taken application name.',
        body: ZCreateServiceRequest,
        response: { 201: ZCreateServiceResponse, ...errors, 409: ZApiError },
      },
    },
    async (request, reply) => {
      const service = await createService(app.db, principalOf(request), request.body, request.id);
      return reply.code(201).send(service);
    },
  );

  app.get(
    '/api/services/:serviceId',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'getService',
        tags: ['services'],
        summary: 'One service with its applications and permissions',
        params: ZServiceIdParam,
        response: { 200: ZGetServiceResponse, ...errors },
      },
    },
    async (request) => {
      const service = await findService(app.db.$client, request.params.serviceId);
      if (!service) throw notFound('The service was not found.');
      return service;
    },
  );

  app.post(
    '/api/services/:serviceId/applications',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'createApplication',
        tags: ['services'],
        summary: 'Adds an application to a service (application names are unique)',
        params: ZServiceIdParam,
        body: ZCreateApplicationRequest,
        response: { 201: ZCreateApplicationResponse, ...errors, 409: ZApiError },
      },
    },
    async (request, reply) => {
      const service = await createApplication(
        app.db,
        principalOf(request),
        request.params.serviceId,
        request.body.applicationName,
        request.id,
      );
      return reply.code(201).send(service);
    },
  );

  app.post(
    '/api/services/:serviceId/permissions',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'createPermission',
        tags: ['services'],
        summary: 'Adds a permission to a service (names are unique per service)',
        description:
          'A track-and-trace (STT) permission may be tied to a customer, which then has it in its service access.',
        params: ZServiceIdParam,
        body: ZCreatePermissionRequest,
        response: { 201: ZCreatePermissionResponse, ...errors, 409: ZApiError },
      },
    },
    async (request, reply) => {
      const service = await createPermission(
        app.db,
        principalOf(request),
        request.params.serviceId,
        request.body,
        request.id,
      );
      return reply.code(201).send(service);
    },
  );

  app.get(
    '/api/permission/search',
    {
      config: PROVIDER_ADMINS,
      schema: {
        operationId: 'searchPermissions',
        tags: ['services'],
        summary: 'Permissions by text, prefix and name, a page at a time',
        querystring: ZSearchPermissionsRequest,
        response: { 200: ZSearchPermissionsResponse, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => searchPermissions(app.db, request.query),
  );
};
