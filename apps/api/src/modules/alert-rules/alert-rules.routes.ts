import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ZAlertRuleIdParams,
  ZApiError,
  ZCreateAlertRuleRequest,
  ZCreateAlertRuleResponse,
  ZGetAlertSettingsResponse,
  ZRestoreDefaultAlertRulesResponse,
  ZSetAlertCheckRequest,
  ZSetAlertCheckResponse,
  ZSetAlertRuleEnabledRequest,
  ZSetAlertRuleEnabledResponse,
  ZUpdateAlertRuleRequest,
  ZUpdateAlertRuleResponse,
} from '@service-hub/contracts';
import { accountOf, principalOf } from '../auth/request-context.ts';
import {
  createAlertRule,
  deleteAlertRule,
  getAlertSettings,
  restoreDefaultAlertRules,
  setAlertCheck,
  setAlertRuleEnabled,
  updateAlertRule,
  type SettingsChange,
} from './alert-rules.service.ts';

/**
 * The account's administrators (and provider administrators holding the account) decide what it
 * is alerted about; the account rule makes every query the named account's.
 */
const ADMINS = {
  access: {
    roles: ['SF_ADMIN', 'CustomerAdministrator', 'ProviderAdministrator'],
    account: {},
  },
} as const;
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };

const changeOf = (request: FastifyRequest): SettingsChange => ({
  principal: principalOf(request),
  account: accountOf(request),
  requestId: request.id,
});

/** Threshold rules and the other checks of the active account (issue 22, docs/alerts.md). */
export const alertRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/alert-settings',
    {
      config: ADMINS,
      schema: {
        operationId: 'getAlertSettings',
        tags: ['alerts'],
        summary: 'The active account’s threshold rules and the switches of its other checks',
        response: { 200: ZGetAlertSettingsResponse, ...errors },
      },
    },
    async (request) => getAlertSettings(app.db, accountOf(request).id),
  );

  app.post(
    '/api/alert-rules',
    {
      config: ADMINS,
      schema: {
        operationId: 'createAlertRule',
        tags: ['alerts'],
        summary:
          'Adds a threshold rule: rejected or not-delivered documents over a share or count in a window',
        body: ZCreateAlertRuleRequest,
        response: { 201: ZCreateAlertRuleResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createAlertRule(app.db, changeOf(request), request.body)),
  );

  app.put(
    '/api/alert-rules/:id',
    {
      config: ADMINS,
      schema: {
        operationId: 'updateAlertRule',
        tags: ['alerts'],
        summary: 'Changes a threshold rule; its open alert is resolved and the rule judged afresh',
        params: ZAlertRuleIdParams,
        body: ZUpdateAlertRuleRequest,
        response: { 200: ZUpdateAlertRuleResponse, ...errors, 404: ZApiError },
      },
    },
    async (request) => updateAlertRule(app.db, changeOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/alert-rules/:id/enabled',
    {
      config: ADMINS,
      schema: {
        operationId: 'setAlertRuleEnabled',
        tags: ['alerts'],
        summary: 'Switches a threshold rule on or off (off resolves its open alert)',
        params: ZAlertRuleIdParams,
        body: ZSetAlertRuleEnabledRequest,
        response: { 200: ZSetAlertRuleEnabledResponse, ...errors, 404: ZApiError },
      },
    },
    async (request) =>
      setAlertRuleEnabled(app.db, changeOf(request), request.params.id, request.body.enabled),
  );

  app.delete(
    '/api/alert-rules/:id',
    {
      config: ADMINS,
      schema: {
        operationId: 'deleteAlertRule',
        tags: ['alerts'],
        summary: 'Deletes a threshold rule (a default comes back with "restore defaults")',
        params: ZAlertRuleIdParams,
        response: { 204: z.undefined(), ...errors, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await deleteAlertRule(app.db, changeOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/alert-rules/restore-defaults',
    {
      config: ADMINS,
      schema: {
        operationId: 'restoreDefaultAlertRules',
        tags: ['alerts'],
        summary: 'Switches the default rules back on, adding any that was changed or deleted',
        response: { 200: ZRestoreDefaultAlertRulesResponse, ...errors },
      },
    },
    async (request) => restoreDefaultAlertRules(app.db, changeOf(request)),
  );

  app.put(
    '/api/alert-checks',
    {
      config: ADMINS,
      schema: {
        operationId: 'setAlertCheck',
        tags: ['alerts'],
        summary:
          'Switches one of the other checks (missing files, failed EDI messages, failed reports) on or off',
        body: ZSetAlertCheckRequest,
        response: { 200: ZSetAlertCheckResponse, ...errors },
      },
    },
    async (request) => setAlertCheck(app.db, changeOf(request), request.body),
  );
};
