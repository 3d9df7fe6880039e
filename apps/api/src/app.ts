import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { REQUEST_ID_HEADER, type TRuntimeConfig } from '@service-hub/contracts';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { webDistDir } from './lib/paths.ts';
import { requestLogSerializers } from './lib/request-log.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { passkeysRoutes } from './modules/passkeys/passkeys.routes.ts';
import { emailLinksRoutes } from './modules/auth/email-links.routes.ts';
import { outboxRoutes } from './modules/mail/outbox.routes.ts';
import { invitationsRoutes } from './modules/users/invitations.routes.ts';
import { Authenticator } from './modules/auth/authenticator.ts';
import { PrincipalCache } from './modules/auth/principal-cache.ts';
import { TokenService } from './modules/auth/token.service.ts';
import { issuerOf } from './modules/identity/identity-provider.ts';
import { identityProviderRoutes } from './modules/identity/identity.routes.ts';
import { bulkImportRoutes } from './modules/crm/bulk-import.routes.ts';
import { createCrmConnector } from './modules/crm/create-crm-connector.ts';
import { customersAdminRoutes } from './modules/customers/customers-admin.routes.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { reportSchedulesRoutes } from './modules/reports/report-schedules.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { servicesRoutes } from './modules/services/services.routes.ts';
import { ediConnectRoutes } from './modules/edi-connect/edi-connect.routes.ts';
import { createHubSupportConnector } from './modules/support/support.repository.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { customerUsersRoutes } from './modules/users/customer-users.routes.ts';
import { userAdminRoutes } from './modules/users/user-admin.routes.ts';
import { trackingRoutes } from './modules/tracking/tracking.routes.ts';
import { ApiKeyVerifier } from './modules/ingest/api-keys.repository.ts';
import { AccountApiKeyVerifier } from './modules/developer/account-api-keys.repository.ts';
import { developerRoutes } from './modules/developer/developer.routes.ts';
import { alertsRoutes } from './modules/alerts/alerts.routes.ts';
import { ingestRoutes } from './modules/ingest/ingest.routes.ts';
import { ediTrackingRoutes } from './modules/edi-tracking/edi-tracking.routes.ts';
import { savedViewsRoutes } from './modules/saved-views/saved-views.routes.ts';
import { alertRulesRoutes } from './modules/alert-rules/alert-rules.routes.ts';
import { alertPreferencesRoutes } from './modules/alert-notifications/alert-preferences.routes.ts';
import { setAlertLinkBase } from './modules/alert-notifications/alert-routing.ts';
import { scimAdminRoutes } from './modules/scim/scim-admin.routes.ts';
import { scimRoutes } from './modules/scim/scim.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { statusRoutes } from './modules/status/status.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { accessRequestsRoutes } from './modules/access-requests/access-requests.routes.ts';
import { systemResolver, type Resolver } from './modules/webhooks/webhook-address-policy.ts';
import webhookDispatcherPlugin from './jobs/webhook-dispatcher-plugin.ts';
import accessPlugin from './plugins/access.ts';
import databasePlugin from './plugins/database.ts';
import drainingPlugin from './plugins/draining.ts';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors.ts';
import inputHygienePlugin from './plugins/input-hygiene.ts';
import jobsPlugin, { jobsOptionsOf } from './plugins/jobs.ts';
import openapiPlugin from './plugins/openapi.ts';
import rateLimitsPlugin, { countInWindow } from './plugins/rate-limits.ts';
import securityHeadersPlugin, { type ContentSecurityOptions } from './plugins/security-headers.ts';
import spaPlugin from './plugins/spa.ts';
import storagePlugin from './plugins/storage.ts';
import databaseTelemetryPlugin from './telemetry/database-telemetry.ts';
import { traceLogMixin } from './telemetry/log-correlation.ts';
import { metricsRoutes } from './telemetry/metrics.routes.ts';
import requestTelemetryPlugin from './telemetry/request-telemetry.ts';

export type BuildAppOptions = {
  config: AppConfig;
  db: Database;
  /** false silences the log (tests); a stream receives it instead of standard output. */
  logger?: false | { stream: DestinationStream };
  /** Folder of the built SPA; defaults to apps/web/dist. */
  webDist?: string;
  /** How webhook host names resolve (tests name their own); default: the system's DNS. */
  webhookResolver?: Resolver;
};

const INCOMING_REQUEST_ID = /^[\w.:-]{1,128}$/;
const NO_STORE_ROUTES = ['/api/auth/', '/idp/'];

/** The identifier of the running web build: a change tells open browsers a new version exists. */
function computeBuildId(config: AppConfig, distDir: string): string {
  if (config.buildId) return config.buildId;
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return 'development';
  return createHash('sha256').update(readFileSync(index)).digest('hex').slice(0, 12);
}

/**
 * Fastify ignores a bare hop count, because a client that reaches the server directly could then
 * claim any address. TRUST_PROXY's count is the operator's word that the server is reachable only
 * through that many proxies, so it becomes a trust function.
 */
function trustProxyOf(setting: AppConfig['trustProxy']): FastifyServerOptions['trustProxy'] {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** Builds the whole HTTP application without listening; tests drive it with `app.inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const distDir = options.webDist ?? webDistDir;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: requestLogSerializers,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // While tracing: the trace and span id in every line written during a request.
            mixin: traceLogMixin(),
            stream: options.logger?.stream,
          },
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    genReqId: (req) => {
      const incoming = req.headers[REQUEST_ID_HEADER];
      return typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: trustProxyOf(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
    // plugins/draining.ts answers in the error shape instead.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First: @fastify/otel's request span must wrap every hook and route registered after it.
  await app.register(requestTelemetryPlugin);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // Sign-in answers carry tokens and one-time links: no cache may keep them.
    const route = request.routeOptions.url ?? '';
    if (NO_STORE_ROUTES.some((prefix) => route.startsWith(prefix))) reply.header('cache-control', 'no-store');
  });

  await app.register(errorsPlugin);
  await app.register(drainingPlugin);
  await app.register(inputHygienePlugin);
  // Without offline_access the provider issues no refresh tokens, and only a hidden iframe of it
  // can renew a sign-in; with it, nothing is ever framed.
  const iframeRenewal =
    config.oidcIssuer !== undefined && !config.oidcScopes.split(' ').includes('offline_access');
  const csp: ContentSecurityOptions = {
    scriptOrigins: config.tagManagerScript ? [new URL(config.tagManagerScript).origin] : [],
    identityProviderOrigin: config.oidcIssuer ? new URL(config.oidcIssuer).origin : undefined,
    framesIdentityProvider: iframeRenewal,
  };
  await app.register(securityHeadersPlugin, { ...csp, strictTransport: config.isProduction });
  await app.register(cookie);
  await app.register(databasePlugin, { db });
  await app.register(databaseTelemetryPlugin);
  const crm = createCrmConnector(config, db);
  await app.register(storagePlugin, config.storage);
  await app.register(jobsPlugin, jobsOptionsOf(config, crm));
  // SSRF rules of webhook addresses, at registration and at every delivery (docs/security.md).
  const webhookPolicy = {
    allowLoopback: config.webhooks.allowLoopback,
    resolve: options.webhookResolver ?? systemResolver,
  };
  if (config.webhooks.dispatch)
    await app.register(webhookDispatcherPlugin, { policy: webhookPolicy, publicUrl: config.publicUrl });
  await app.register(openapiPlugin);
  await app.register(spaPlugin, { distDir, publicUrl: config.publicUrl });
  // From here on every route must declare its access rule.
  // Alert e-mails are written deep inside other transactions; they link to this address.
  setAlertLinkBase(config.publicUrl);
  const tokens = new TokenService(db, config.publicUrl);
  const identityProvider = {
    issuer: config.oidcIssuer ?? issuerOf(config.publicUrl),
    audience: config.oidcAudience,
    external: config.oidcIssuer !== undefined,
    userClaim: config.oidcUserClaim,
  };
  const principals = new PrincipalCache(db, app.log);
  app.addHook('onClose', () => principals.close());
  // A write may end sessions or change roles: its answer leaves only once this instance's cache
  // has heard of it (other instances hear it within milliseconds).
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') await principals.sync();
  });
  await app.register(accessPlugin, {
    tokens,
    authenticator: new Authenticator(db, tokens, identityProvider, principals),
    apiKeys: new ApiKeyVerifier(db),
    accountKeys: new AccountApiKeyVerifier(db),
  });
  await app.register(rateLimitsPlugin, { limits: config.rateLimits });

  const runtimeConfig: TRuntimeConfig = {
    appName: 'Service Hub',
    environment: config.environment,
    buildId: computeBuildId(config, distDir),
    useAuthService: config.useAuthService,
    oidc: identityProvider.external
      ? {
          authority: identityProvider.issuer,
          clientId: config.oidcClientId,
          scope: config.oidcScopes,
          prompt: config.oidcPrompt ?? null,
          provider: 'external',
          tokenType: config.oidcTokenType,
          iframeRenewal,
        }
      : {
          authority: identityProvider.issuer,
          clientId: config.oidcClientId,
          // The built-in provider puts the e-mail in its ID tokens whatever the scopes (spec 4).
          scope: 'openid offline_access',
          prompt: null,
          provider: 'built-in',
          tokenType: 'id_token',
          iframeRenewal: false,
        },
    externalServices: config.externalServices,
    tagManager: config.tagManager,
    tagManagerScript: config.tagManagerScript ?? null,
    sessionIdleMinutes: config.sessionIdleMinutes,
    publicUrl: config.publicUrl,
  };
  await app.register(systemRoutes, { runtimeConfig });
  await app.register(metricsRoutes, { token: config.metrics.token, requireToken: true });
  await app.register(authRoutes, { secureCookies: config.isProduction, publicUrl: config.publicUrl });
  await app.register(passkeysRoutes, { secureCookies: config.isProduction, publicUrl: config.publicUrl });
  await app.register(emailLinksRoutes, {
    secureCookies: config.isProduction,
    useAuthService: config.useAuthService,
  });
  await app.register(invitationsRoutes, { publicUrl: config.publicUrl });
  if (!identityProvider.external) {
    await app.register(identityProviderRoutes, {
      publicUrl: config.publicUrl,
      clientId: config.oidcClientId,
      secureCookies: config.isProduction,
    });
  }
  // The outbox shows sign-in codes and invitation links: never in production, and otherwise only
  // to provider administrators unless explicitly opened on a loopback listener.
  if (!config.isProduction) await app.register(outboxRoutes, { readers: config.devOutbox });
  await app.register(usersRoutes);
  await app.register(customersRoutes);
  await app.register(customersAdminRoutes);
  await app.register(bulkImportRoutes, { crm });
  await app.register(notificationsRoutes);
  await app.register(reportsRoutes, { maxRecords: config.reports.maxRecords });
  await app.register(reportSchedulesRoutes);
  await app.register(servicesRoutes);
  await app.register(userAdminRoutes);
  await app.register(customerUsersRoutes, { publicUrl: config.publicUrl });
  await app.register(supportRoutes, {
    connector: createHubSupportConnector(db, app.storage.attachments),
    limits: config.attachments,
    publicUrl: config.publicUrl,
  });
  await app.register(ediConnectRoutes, { publicUrl: config.publicUrl });
  await app.register(trackingRoutes);
  await app.register(ingestRoutes);
  await app.register(ediTrackingRoutes);
  await app.register(developerRoutes);
  await app.register(alertRulesRoutes);
  await app.register(alertPreferencesRoutes);
  await app.register(savedViewsRoutes);
  await app.register(searchRoutes);
  await app.register(webhooksRoutes, { policy: webhookPolicy });
  await app.register(accessRequestsRoutes, {
    publicUrl: config.publicUrl,
    secureCookies: config.isProduction,
    useAuthService: config.useAuthService,
  });
  await app.register(statusRoutes, { publicUrl: config.publicUrl });
  await app.register(alertsRoutes);
  await app.register(scimAdminRoutes, { publicUrl: config.publicUrl });
  // Customers' directories (Entra ID, Okta): SCIM's own error shape and bearer tokens (docs/scim.md).
  await app.register(scimRoutes, {
    prefix: '/scim/v2',
    db,
    publicUrl: config.publicUrl,
    rateLimit: config.scim.rateLimit,
    countRequest: (key, windowMs) => countInWindow(db, key, windowMs),
  });

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  return app;
}
