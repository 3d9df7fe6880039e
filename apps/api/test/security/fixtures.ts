import type { TestContext } from '../helpers.ts';

/** The customer whose resources every security test aims at: admin@ and user@ both hold it. */
export const HOME_CUSTOMER = 'Mälardalens Vatten AB';

export type Actor = {
  name: string;
  /** undefined: anonymous. */
  email?: string;
  token?: string;
  roles: string[];
  /** Held customer ids with the service prefixes the actor holds in each. */
  accounts: Map<number, Set<string>>;
  /** The account the actor names in `activeAccountId`. */
  accountId?: number;
  /** Sees every customer (provider administrator). */
  seesAll: boolean;
  /** An account API key (`token` is the key): its scopes and the one account it reads. */
  accountKey?: { scopes: string[]; customerId: number };
};

export type HomeResources = {
  customerId: number;
  customerNumber: string;
  customerName: string;
  /** Path parameter values, by "path pattern → parameter" (see `pathValue`). */
  ids: Record<string, string | number>;
};

async function one<T>(ctx: TestContext, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await ctx.db.$client.query<{ v: T }>(sql, params);
  if (!rows[0]) throw new Error(`the seeded demo has no row for: ${sql}`);
  return rows[0].v;
}

/**
 * Real ids of the home customer's resources; what the seed lacks is created through SQL as the
 * features would store it.
 */
export async function homeResources(ctx: TestContext): Promise<HomeResources> {
  const customerId = await ctx.customerId(HOME_CUSTOMER);
  const customerNumber = await one<string>(ctx, 'SELECT customer_number AS v FROM customers WHERE id = $1', [
    customerId,
  ]);
  const admin = await ctx.userId('admin@example.com');
  const q = (sql: string) => one<string | number>(ctx, sql, [customerId]);
  const ensure = async (select: string, insert: string) => {
    const { rows } = await ctx.db.$client.query<{ v: string | number }>(select, [customerId]);
    if (rows[0]) return rows[0].v;
    return one<string | number>(ctx, insert, [customerId, admin]);
  };
  return {
    customerId,
    customerNumber,
    customerName: HOME_CUSTOMER,
    ids: {
      customer: customerId,
      // A user of the home customer only (not a demo user, so their other accounts stay out of it).
      user: await q(
        `SELECT uc.user_id AS v FROM user_customers uc
          WHERE uc.customer_id = $1
            AND NOT EXISTS (SELECT 1 FROM user_customers o WHERE o.user_id = uc.user_id AND o.customer_id <> $1)
            AND uc.user_id NOT IN (SELECT id FROM users WHERE email LIKE '%@example.com')
          ORDER BY uc.user_id LIMIT 1`,
      ),
      invitation: await ensure(
        "SELECT id AS v FROM email_tokens WHERE customer_id = $1 AND purpose = 'invitation' LIMIT 1",
        `INSERT INTO email_tokens (purpose, token_hash, user_id, customer_id, created_by_user_id, expires_at)
         SELECT 'invitation', md5(random()::text), uc.user_id, $1, $2, now() + interval '7 days'
           FROM user_customers uc WHERE uc.customer_id = $1 LIMIT 1 RETURNING id AS v`,
      ),
      report: await q(
        "SELECT id AS v FROM reports WHERE customer_id = $1 AND status <> 'ready' ORDER BY created LIMIT 1",
      ),
      reportSchedule: await ensure(
        'SELECT id AS v FROM report_schedules WHERE customer_id = $1 LIMIT 1',
        `INSERT INTO report_schedules (customer_id, owner_user_id, level, frequency, language, next_run_at)
         VALUES ($1, $2, 'file', 'weekly', 'en-SE', now() + interval '1 day') RETURNING id AS v`,
      ),
      supportCase: await q('SELECT id AS v FROM support_cases WHERE customer_id = $1 ORDER BY id LIMIT 1'),
      attachment: await ensure(
        'SELECT a.id AS v FROM support_attachments a JOIN support_cases c ON c.id = a.case_id WHERE c.customer_id = $1 LIMIT 1',
        `INSERT INTO support_attachments (case_id, filename, content_type, size_bytes, content)
         SELECT id, 'matrix.pdf', 'application/pdf', 4, '%PDF'::bytea FROM support_cases
          WHERE customer_id = $1 AND $2::uuid IS NOT NULL LIMIT 1
         RETURNING id AS v`,
      ),
      deploymentRequest: await q(
        'SELECT id AS v FROM deployment_requests WHERE customer_id = $1 ORDER BY id LIMIT 1',
      ),
      file: await q('SELECT id AS v FROM tracking_files WHERE customer_id = $1 ORDER BY id LIMIT 1'),
      document: await q('SELECT id AS v FROM tracking_documents WHERE customer_id = $1 ORDER BY id LIMIT 1'),
      ...(await ediResources(ctx, customerId)),
      savedView: await ensure(
        'SELECT id AS v FROM saved_views WHERE customer_id = $1 LIMIT 1',
        `INSERT INTO saved_views (user_id, customer_id, list, name, query, shared)
         VALUES ($2, $1, 'tracking.files', 'Matrix view', '', true) RETURNING id AS v`,
      ),
      // SCIM provisioning (modules/scim): a token and a directory group of the home customer.
      scimToken: await ensure(
        'SELECT id AS v FROM scim_tokens WHERE customer_id = $1 LIMIT 1',
        `WITH configuration AS (INSERT INTO scim_configurations (customer_id) VALUES ($1) ON CONFLICT DO NOTHING)
         INSERT INTO scim_tokens (customer_id, token_prefix, token_hash, created_by)
         VALUES ($1, 'scim_matrix', md5(random()::text), $2) RETURNING id AS v`,
      ),
      scimGroup: await ensure(
        'SELECT id AS v FROM scim_groups WHERE customer_id = $1 LIMIT 1',
        `INSERT INTO scim_groups (customer_id, display_name) SELECT $1, 'Matrix group' WHERE $2::uuid IS NOT NULL
         RETURNING id AS v`,
      ),
      accountApiKey: await ensure(
        'SELECT id AS v FROM account_api_keys WHERE customer_id = $1 LIMIT 1',
        `INSERT INTO account_api_keys (customer_id, name, key_prefix, key_hash, scopes, created_by)
         VALUES ($1, 'matrix', 'shr_matrix', md5(random()::text), '{tracking:read}', $2) RETURNING id AS v`,
      ),
      webhookEndpoint: await ensure(
        'SELECT id AS v FROM webhook_endpoints WHERE customer_id = $1 LIMIT 1',
        `INSERT INTO webhook_endpoints (customer_id, url, description, event_types, created_by)
         VALUES ($1, 'https://hooks.example.com/matrix', 'Matrix', '{file.arrived}', $2) RETURNING id AS v`,
      ),
      webhookDelivery: await ensure(
        'SELECT id AS v FROM webhook_deliveries WHERE customer_id = $1 LIMIT 1',
        `INSERT INTO webhook_deliveries (id, endpoint_id, customer_id, event_type, test_payload, state)
         SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.id, $1, 'webhook.test', '{}', 'failed'
           FROM webhook_endpoints e WHERE e.customer_id = $1 AND $2::uuid IS NOT NULL LIMIT 1 RETURNING id AS v`,
      ),
      expectedDelivery: await ensure(
        'SELECT id AS v FROM expected_deliveries WHERE customer_id = $1 LIMIT 1',
        `INSERT INTO expected_deliveries (customer_id, name, filename_pattern, deadline, time_zone, next_deadline_at, created_by)
         VALUES ($1, 'Matrix invoices', 'INV_*.xml', '06:00', 'Europe/Stockholm', now() + interval '1 day', $2) RETURNING id AS v`,
      ),
      // A track-and-trace alert (every caller who holds the account with STT sees it).
      alert: await ensure(
        "SELECT id AS v FROM alerts WHERE customer_id = $1 AND kind = 'missingFile' LIMIT 1",
        `INSERT INTO alerts (customer_id, kind, subject_key, details)
         SELECT $1, 'missingFile', 'matrix:missing', '{}' WHERE $2::uuid IS NOT NULL RETURNING id AS v`,
      ),
      // Someone's request to join the home account, and a domain of the account (access requests).
      accessRequest: await ensure(
        'SELECT id AS v FROM access_requests WHERE customer_id = $1 LIMIT 1',
        `INSERT INTO access_requests (user_id, requested_customer_number, customer_id, message)
         SELECT u.id, c.customer_number, c.id, 'Matrix' FROM users u, customers c
          WHERE u.email = 'sfadmin@example.com' AND c.id = $1 AND $2::uuid IS NOT NULL RETURNING id AS v`,
      ),
      emailDomain: await ensure(
        'SELECT id AS v FROM account_email_domains WHERE customer_id = $1 LIMIT 1',
        `INSERT INTO account_email_domains (customer_id, domain, verification_address, verified_at, created_by)
         VALUES ($1, 'matrix.example', 'it@matrix.example', now(), $2) RETURNING id AS v`,
      ),
      // Every account has the default threshold rules (migration 0022).
      alertRule: await q(
        'SELECT id AS v FROM alert_rules WHERE customer_id = $1 ORDER BY created, id LIMIT 1',
      ),
      // Provider-wide resources (no customer of their own).
      service: await one(ctx, 'SELECT id AS v FROM services ORDER BY id LIMIT 1'),
      customerImport: await ensure(
        'SELECT id AS v FROM customer_imports WHERE $1::int IS NOT NULL LIMIT 1',
        `INSERT INTO customer_imports (requested_by, requested_by_email, status, total)
         SELECT $2, 'admin@example.com', 'queued', 0 WHERE $1::int IS NOT NULL RETURNING id AS v`,
      ),
      apiKey: await ensure(
        'SELECT id AS v FROM api_keys WHERE $1::int IS NOT NULL LIMIT 1',
        `INSERT INTO api_keys (name, key_prefix, key_hash, created_by)
         SELECT 'matrix', 'matrix', md5(random()::text), $2 WHERE $1::int IS NOT NULL RETURNING id AS v`,
      ),
      // The status page's notices belong to no customer.
      statusNotice: await ensure(
        'SELECT id AS v FROM status_notices WHERE $1::int IS NOT NULL LIMIT 1',
        `WITH notice AS (
           INSERT INTO status_notices (kind, title, components, impact, starts_at)
           SELECT 'incident', '{"en-SE": "Matrix"}', '{api}', 'minor', now()
            WHERE $1::int IS NOT NULL AND $2::uuid IS NOT NULL RETURNING id)
         , first AS (INSERT INTO status_notice_updates (notice_id, status, message)
                     SELECT id, 'investigating', '{"en-SE": "Matrix"}' FROM notice)
         SELECT id AS v FROM notice`,
      ),
    },
  };
}

/**
 * An EDI consignment the home customer is a party to, with a message and a document in it (the
 * detail routes name the consignment beside the message or document).
 */
async function ediResources(ctx: TestContext, customerId: number) {
  const party = `customer_id = $1 AND (SELECT customer_number FROM customers WHERE id = $1) IN (sender_customer_number, receiver_customer_number)`;
  const existing = await ctx.db.$client.query<{ id: number; consignment_id: string }>(
    `SELECT id, consignment_id FROM edi_consignments WHERE ${party} ORDER BY id LIMIT 1`,
    [customerId],
  );
  const consignment =
    existing.rows[0] ??
    (
      await ctx.db.$client.query<{ id: number; consignment_id: string }>(
        `INSERT INTO edi_consignments (consignment_id, customer_id, direction, status, filename, sender_customer_number,
                                       sender_name, sender_address, receiver_name, receiver_address, received_at)
         SELECT 'MATRIX-CONS-1', id, 'OUTBOUND', 'ERROR', 'matrix.edi', customer_number, name, 'Matrix street 1',
                'Partner AB', 'Partner road 2', now()
           FROM customers WHERE id = $1 RETURNING id, consignment_id`,
        [customerId],
      )
    ).rows[0]!;
  const inConsignment = async (select: string, insert: string) => {
    const { rows } = await ctx.db.$client.query<{ v: string }>(select, [consignment.id]);
    if (rows[0]) return rows[0].v;
    return one<string>(ctx, insert, [consignment.id, customerId]);
  };
  return {
    ediConsignment: consignment.consignment_id,
    ediMessage: await inConsignment(
      'SELECT message_id AS v FROM edi_messages WHERE consignment_ref = $1 ORDER BY id LIMIT 1',
      `INSERT INTO edi_messages (message_id, consignment_ref, customer_id, category, message_type, direction, status,
                                 size_bytes, created_at)
       VALUES ('MATRIX-MSG-1', $1, $2, 'invoice', 'INVOIC', 'OUTBOUND', 'ERROR', 100, now()) RETURNING message_id AS v`,
    ),
    ediDocument: await inConsignment(
      'SELECT document_id AS v FROM edi_documents WHERE consignment_ref = $1 ORDER BY id LIMIT 1',
      `INSERT INTO edi_documents (document_id, consignment_ref, customer_id, direction, category, status, created_at)
       VALUES ('MATRIX-DOC-1', $1, $2, 'OUTBOUND', 'invoice', 'ERROR', now()) RETURNING document_id AS v`,
    ),
  };
}

/**
 * Which fixture a path parameter names: the resource is the path's, `id` included (so
 * `/api/reports/{id}` is a report and `/api/customers/{id}` a customer). A new parameter name
 * without an entry here fails the tests, so a new route never goes unchecked.
 */
const PATH_PARAMETERS: [RegExp, string, string][] = [
  [/^\/api\/(legacy\/)?customers\//, 'id', 'customer'],
  [/^\/api\/(legacy\/)?customers\//, 'customerId', 'customer'],
  [/^\/api\/(legacy\/)?customers\//, 'invitationId', 'invitation'],
  [/^\/api\/customers\//, 'keyId', 'accountApiKey'],
  [/^\/api\/customers\//, 'tokenId', 'scimToken'],
  [/^\/api\/customers\//, 'groupId', 'scimGroup'],
  [/./, 'userId', 'user'],
  [/^\/api\/reports\//, 'id', 'report'],
  [/^\/api\/report-schedules\//, 'id', 'reportSchedule'],
  [/^\/api\/(v2\/)?support\//, 'caseId', 'supportCase'],
  [/^\/api\/support\//, 'attachmentId', 'attachment'],
  [/^\/api\/edi-connect\//, 'id', 'deploymentRequest'],
  [/^\/api\/tracking\/ets\//, 'consignmentId', 'ediConsignment'],
  [/^\/api\/tracking\/ets\//, 'messageId', 'ediMessage'],
  [/^\/api\/tracking\/ets\//, 'documentId', 'ediDocument'],
  [/^\/api\/tracking\//, 'fileId', 'file'],
  [/^\/api\/tracking\//, 'documentId', 'document'],
  [/^\/api\/saved-views\//, 'id', 'savedView'],
  [/^\/api\/alert-rules\//, 'id', 'alertRule'],
  [/^\/api\/expected-deliveries\//, 'id', 'expectedDelivery'],
  [/^\/api\/alerts\//, 'id', 'alert'],
  [/^\/api\/webhooks\//, 'endpointId', 'webhookEndpoint'],
  [/^\/api\/webhooks\//, 'deliveryId', 'webhookDelivery'],
  [/^\/api\/services\//, 'serviceId', 'service'],
  [/^\/api\/customer-imports\//, 'importId', 'customerImport'],
  [/^\/api\/ingest\/api-keys\//, 'id', 'apiKey'],
  [/^\/api\/status-notices\//, 'id', 'statusNotice'],
  [/^\/api\/list-columns\//, 'list', 'list'],
  [/^\/api\/account-access-requests\//, 'id', 'accessRequest'],
  [/^\/api\/email-domains\//, 'id', 'emailDomain'],
  // A person's own access requests: none of the callers' (each only ever reaches their own).
  [/^\/api\/access-requests\//, 'id', 'unknownAccessRequest'],
  // Public one-time links and sign-in interactions: unknown ones, the caller holds none.
  [/^\/api\/auth\/invitations\//, 'token', 'unknownToken'],
  [/^\/idp\/interaction\//, 'uid', 'unknownToken'],
  // A user's own passkeys: none of the callers' (each caller only ever reaches their own).
  [/^\/api\/v3\/passkeys\//, 'passkeyId', 'unknownPasskey'],
];

/** Fixtures that belong to no customer (the owners of the rest are the home customer). */
export const CUSTOMERLESS_FIXTURES = new Set([
  'service',
  'customerImport',
  'apiKey',
  'statusNotice',
  'list',
  'unknownToken',
  'unknownPasskey',
  'unknownAccessRequest',
]);

export function pathFixture(path: string, parameter: string): string {
  const entry = PATH_PARAMETERS.find(([pattern, name]) => name === parameter && pattern.test(path));
  if (!entry)
    throw new Error(`no fixture for path parameter ${parameter} of ${path}: add one to PATH_PARAMETERS`);
  return entry[2];
}

export function fixtureValue(home: HomeResources, fixture: string): string {
  if (fixture === 'list') return 'tracking.files';
  if (fixture === 'unknownToken') return 'matrixUnknownToken0123456789abcdef';
  if (fixture === 'unknownPasskey') return '00000000-0000-4000-8000-00000000a55e';
  if (fixture === 'unknownAccessRequest') return '00000000-0000-4000-8000-0000000acce5';
  const value = home.ids[fixture];
  if (value === undefined) throw new Error(`no value for fixture ${fixture}`);
  return String(value);
}

/** Query parameters that name a customer (besides activeAccountId). */
export const CUSTOMER_QUERY_PARAMETERS = new Set(['customerId', 'customerID', 'id']);

async function accountsOf(ctx: TestContext, email: string): Promise<Map<number, Set<string>>> {
  const { rows } = await ctx.db.$client.query<{ customer_id: number; prefixes: string[] }>(
    `SELECT uc.customer_id, coalesce(array_agg(DISTINCT p.prefix) FILTER (WHERE p.prefix IS NOT NULL), '{}') AS prefixes
       FROM user_customers uc JOIN users u ON u.id = uc.user_id
       LEFT JOIN customer_user_permissions cup ON cup.user_id = uc.user_id AND cup.customer_id = uc.customer_id
       LEFT JOIN permissions p ON p.id = cup.permission_id
      WHERE u.email = $1 GROUP BY uc.customer_id`,
    [email],
  );
  return new Map(rows.map((row) => [row.customer_id, new Set(row.prefixes)]));
}

async function rolesOf(ctx: TestContext, email: string): Promise<string[]> {
  const { rows } = await ctx.db.$client.query<{ role: string }>(
    'SELECT r.role FROM user_roles r JOIN users u ON u.id = r.user_id WHERE u.email = $1',
    [email],
  );
  return rows.map((row) => row.role);
}

/**
 * Anonymous, the demo sign-ins, and an administrator and a user of one other customer that has
 * the services the home customer has (so their refusals come from ownership, not from a missing
 * service).
 */
export async function actorsFor(ctx: TestContext, home: HomeResources): Promise<Actor[]> {
  const foreign = await ctx.db.$client.query<{ admin: string; user: string; customer_id: number }>(
    `SELECT c.id AS customer_id,
            (SELECT u.email FROM users u JOIN user_customers uc ON uc.user_id = u.id JOIN user_roles r ON r.user_id = u.id
              WHERE uc.customer_id = c.id AND r.role = 'CustomerAdministrator' ORDER BY u.email LIMIT 1) AS admin,
            (SELECT u.email FROM users u JOIN user_customers uc ON uc.user_id = u.id JOIN user_roles r ON r.user_id = u.id
              WHERE uc.customer_id = c.id AND r.role = 'CustomerUser' ORDER BY u.email LIMIT 1) AS user
       FROM customers c
      WHERE c.id NOT IN (SELECT customer_id FROM user_customers uc JOIN users u ON u.id = uc.user_id WHERE u.email LIKE '%@example.com')
        AND (SELECT count(DISTINCT p.prefix) FROM customer_permissions cp JOIN permissions p ON p.id = cp.permission_id
              WHERE cp.customer_id = c.id AND p.prefix IN ('STT', 'SUP', 'EC')) = 3
      ORDER BY c.id`,
  );
  const pick = foreign.rows.find((row) => row.admin && row.user);
  if (!pick) throw new Error('the seed has no other customer with an administrator, a user and STT, SUP, EC');
  const people: [string, string, number | undefined][] = [
    ['sfadmin', 'sfadmin@example.com', home.customerId],
    ['admin', 'admin@example.com', home.customerId],
    ['user', 'user@example.com', home.customerId],
    ['foreign admin', pick.admin, pick.customer_id],
    ['foreign user', pick.user, pick.customer_id],
  ];
  const actors: Actor[] = [
    { name: 'anonymous', roles: [], accounts: new Map(), accountId: home.customerId, seesAll: false },
  ];
  for (const [name, email, accountId] of people) {
    const roles = await rolesOf(ctx, email);
    actors.push({
      name,
      email,
      token: await ctx.tokenFor(email),
      roles,
      accounts: await accountsOf(ctx, email),
      accountId,
      seesAll: roles.includes('SF_ADMIN') || roles.includes('ProviderAdministrator'),
    });
  }
  // The foreign callers once more, naming the home account they do not hold.
  for (const actor of actors.filter((a) => a.name.startsWith('foreign ')))
    actors.push({ ...actor, name: `${actor.name} (home account)`, accountId: home.customerId });
  return actors;
}

/**
 * Customers' own systems with account API keys (docs/api-keys.md), made through the real endpoint:
 * the home account's key with both scopes and with track and trace only, and another customer's
 * key naming the home account. What each "holds" is what its account holds: the key reads with the
 * account's own services, not a user's.
 */
export async function accountKeyActorsFor(
  ctx: TestContext,
  home: HomeResources,
  foreignCustomerId: number,
): Promise<Actor[]> {
  const sfadmin = await ctx.tokenFor('sfadmin@example.com');
  const servicesOf = async (customerId: number) => {
    const { rows } = await ctx.db.$client.query<{ prefix: string }>(
      `SELECT DISTINCT p.prefix FROM customer_permissions cp JOIN permissions p ON p.id = cp.permission_id
        WHERE cp.customer_id = $1`,
      [customerId],
    );
    return new Map([[customerId, new Set(rows.map((row) => row.prefix))]]);
  };
  const keyActor = async (name: string, customerId: number, scopes: string[], accountId: number) => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/customers/${customerId}/api-keys`,
      headers: { authorization: `Bearer ${sfadmin}` },
      payload: { name: `matrix ${name}`, scopes },
    });
    if (created.statusCode !== 201) throw new Error(`creating the ${name} failed: ${created.body}`);
    return {
      name,
      token: created.json<{ key: string }>().key,
      roles: [],
      accounts: await servicesOf(customerId),
      accountId,
      seesAll: false,
      accountKey: { scopes, customerId },
    };
  };
  return [
    await keyActor('account key', home.customerId, ['tracking:read', 'ediTracking:read'], home.customerId),
    await keyActor('account key (tracking only)', home.customerId, ['tracking:read'], home.customerId),
    await keyActor(
      'foreign account key (home account)',
      foreignCustomerId,
      ['tracking:read', 'ediTracking:read'],
      home.customerId,
    ),
  ];
}
