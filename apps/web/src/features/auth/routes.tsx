import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../lib/route-handle';
import { SignInPage } from './pages/sign-in-page';

export const paths = { signIn: '/login' } as const;

export const authRoutes: RouteObject[] = [
  { path: paths.signIn, element: <SignInPage />, handle: { title: ['signIn.title'] } satisfies RouteHandle },
];
