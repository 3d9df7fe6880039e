import { glewlwydIdp, signInAtGlewlwyd } from './support/glewlwyd.ts';
import { externalSsoJourneys } from './support/external-sso-journeys.ts';

externalSsoJourneys({
  title: '[SSO] Glewlwyd from Debian’s package, configured as docs/sign-in.md says',
  create: () => glewlwydIdp(),
  // The Hub's defaults: Glewlwyd issues a refresh token with every authorization code and leaves
  // out offline_access, a scope it does not know.
  hubEnv: {},
  signIn: signInAtGlewlwyd,
  // Its login page asks "The client Service Hub wishes you to close the current session" (the
  // icon font's glyph is part of the button's name, hence no exact match).
  confirmSignOut: (page) => page.getByRole('button', { name: 'Logout' }).click(),
  // Its end_session endpoint returns to the post-logout address only with a `state`.
  loginForm: (page) => page.getByLabel('Login'),
  // Without Glewlwyd's own g_continue parameter, it asks even a person it knows ("Connection to
  // Service Hub"), on every authorization request.
  signedInQuestion: (page) => page.getByRole('button', { name: 'Continue' }),
  // Its refresh answers carry an access token only, no new ID token (OpenID Connect Core 12.2).
  renewal: 'sign-in-again',
  // Its default ("refresh-token-one-use": "never") keeps one refresh token for the whole grant.
  rotatesRefreshTokens: false,
});
