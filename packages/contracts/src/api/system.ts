import { z } from 'zod';

export const ZGetHealthResponse = z.object({ status: z.literal('ok') });
export type TGetHealthResponse = z.infer<typeof ZGetHealthResponse>;

export const ZGetReadinessResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['up', 'down']),
});
export type TGetReadinessResponse = z.infer<typeof ZGetReadinessResponse>;

/** Runtime configuration the SPA loads at start, so one build serves every environment. */
export const ZRuntimeConfig = z
  .object({
    appName: z.string(),
    environment: z.string().describe('Server environment name, e.g. Development, Test, Production'),
    buildId: z.string().describe('Identifies the running build; a change means a new version was released'),
    useAuthService: z
      .number()
      .int()
      .describe('0: single sign-on with an identity provider; 1: own auth service'),
    oidc: z
      .object({
        authority: z.string(),
        clientId: z.string(),
        scope: z.string().describe('Scopes asked for at sign-in, space-separated'),
        prompt: z.string().nullable().describe('prompt sent with every sign-in, e.g. consent'),
        provider: z.enum(['built-in', 'external']),
        tokenType: z
          .enum(['id_token', 'access_token'])
          .describe('The token the web app sends to the API as bearer'),
        iframeRenewal: z
          .boolean()
          .describe('Renew in a hidden iframe when the provider issued no refresh token'),
      })
      .describe('The identity provider the web app signs in with when useAuthService is 0'),
    externalServices: z
      .record(z.string(), z.string())
      .describe('External service addresses by permission prefix'),
    tagManager: z.enum(['production', 'test', 'none']),
    tagManagerScript: z
      .string()
      .nullable()
      .describe('Script of the selected tag-manager container, loaded by the web app'),
    sessionIdleMinutes: z
      .number()
      .min(0)
      .describe('Minutes without use after which the web app signs out, warning before; 0: never'),
    publicUrl: z
      .string()
      .describe(
        'The address the Hub is published at (PUBLIC_URL), without a trailing slash: the host of API examples',
      ),
  })
  .meta({ id: 'RuntimeConfig' });
export type TRuntimeConfig = z.infer<typeof ZRuntimeConfig>;

/* The other endpoints' pairs: an entity above, or a list of one, under the operation's name. */
export const ZGetRuntimeConfigResponse = ZRuntimeConfig;
export type TGetRuntimeConfigResponse = z.infer<typeof ZGetRuntimeConfigResponse>;
