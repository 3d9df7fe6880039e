import type { RouteDefinition } from '../../lib/routing/route-definition';

export const authPaths = { signIn: '/login' } as const;

/** Routes outside the signed-in frame. */
export const authRoutes: RouteDefinition[] = [
  {
    id: 'signIn',
    path: authPaths.signIn,
    handle: { title: ['titles.signIn'] },
    page: () => import('./pages/sign-in-page').then((m) => ({ default: m.SignInPage })),
  },
];
