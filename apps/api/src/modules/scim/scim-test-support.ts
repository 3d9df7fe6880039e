import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestContext } from '../../../test/helpers.ts';

/**
 * What the SCIM API tests share: a token for a customer's directory made through the
 * administration API (as an administrator would), and requests as a directory sends them.
 */
export async function scimTokenFor(
  ctx: TestContext,
  adminToken: string,
  customerId: number,
): Promise<string> {
  const enabled = await ctx.app.inject({
    method: 'PUT',
    url: `/api/customers/${customerId}/scim`,
    headers: { authorization: `Bearer ${adminToken}` },
    payload: { enabled: true },
  });
  if (enabled.statusCode !== 200) throw new Error(`enabling SCIM failed: ${enabled.body}`);
  const created = await ctx.app.inject({
    method: 'POST',
    url: `/api/customers/${customerId}/scim/tokens`,
    headers: { authorization: `Bearer ${adminToken}` },
    payload: { expiresInDays: null },
  });
  if (created.statusCode !== 201) throw new Error(`creating a SCIM token failed: ${created.body}`);
  return created.json<{ token: string }>().token;
}

export type ScimClient = (
  method: InjectOptions['method'],
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

/** Requests to /scim/v2 with a token, bodies as application/scim+json like Entra ID and Okta send them. */
export const scimClient =
  (ctx: TestContext, token: () => string): ScimClient =>
  (method, path, body, headers = {}) =>
    ctx.app.inject({
      method,
      url: `/scim/v2${path}`,
      headers: {
        authorization: `Bearer ${token()}`,
        ...(body !== undefined ? { 'content-type': 'application/scim+json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });

export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
