import type { RouteDefinition } from '../../lib/routing/route-definition';
import { SIGNED_OUT_PATH } from '../../lib/session/sso-session';
import { appLinks } from '../../lib/routing/links';
import { accessRequestsLinks } from '../../lib/routing/access-requests-links';

export const authPaths = { signIn: appLinks.signIn(), callback: appLinks.signInCallback() };

/** Pages outside the signed-in frame: sign-in, its callback, and the pages behind e-mailed links. */
export const authRoutes: RouteDefinition[] = [
  {
    id: 'signIn',
    path: authPaths.signIn,
    handle: { title: ['titles.signIn'] },
    page: () => import('./pages/auth-login-page').then((m) => ({ default: m.AuthLoginPage })),
    coreCatalog: true,
  },
  {
    id: 'signInCallback',
    path: authPaths.callback,
    handle: { title: ['titles.signIn'] },
    page: () => import('./pages/callback-page').then((m) => ({ default: m.CallbackPage })),
    coreCatalog: true,
  },
  {
    id: 'signedOut',
    path: SIGNED_OUT_PATH,
    handle: { title: ['titles.signIn'] },
    page: () => import('./pages/signed-out-page').then((m) => ({ default: m.SignedOutPage })),
    coreCatalog: true,
  },
  {
    id: 'idpInteraction',
    path: '/idp/interaction/:uid',
    handle: { title: ['titles.signIn'] },
    page: () => import('./pages/idp-interaction-page').then((m) => ({ default: m.IdpInteractionPage })),
    coreCatalog: true,
  },
  {
    id: 'invitation',
    path: appLinks.invitation(),
    handle: { title: ['invitation.title'] },
    page: () => import('./pages/invitation-page').then((m) => ({ default: m.InvitationPage })),
    coreCatalog: true,
  },
  {
    id: 'register',
    path: accessRequestsLinks.register(),
    handle: { title: ['signIn.register.title'] },
    page: () => import('./pages/register-page').then((m) => ({ default: m.RegisterPage })),
    coreCatalog: true,
  },
  {
    id: 'registerConfirm',
    path: accessRequestsLinks.registerConfirm(),
    handle: { title: ['signIn.register.confirmTitle'] },
    page: () => import('./pages/register-confirm-page').then((m) => ({ default: m.RegisterConfirmPage })),
    coreCatalog: true,
  },
  {
    id: 'emailChange',
    path: '/email-change',
    handle: { title: ['emailChange.title'] },
    page: () => import('./pages/email-change-page').then((m) => ({ default: m.EmailChangePage })),
    coreCatalog: true,
  },
];
