import { externalIdp, signInAtExternalIdp } from './support/external-idp.ts';
import { externalSsoJourneys } from './support/external-sso-journeys.ts';

externalSsoJourneys({
  title: '[SSO] a customer’s own OpenID Connect provider (a standard oidc-provider on another origin)',
  create: () => externalIdp(),
  // This provider issues refresh tokens only to a sign-in the user consented to.
  hubEnv: { OIDC_PROMPT: 'consent' },
  signIn: signInAtExternalIdp,
  confirmSignOut: (page) => page.getByRole('button', { name: 'Yes, sign me out' }).click(),
  loginForm: (page) => page.locator('input[name=login]'),
  signedInQuestion: () => undefined,
  renewal: 'refresh-token',
  rotatesRefreshTokens: true,
});
