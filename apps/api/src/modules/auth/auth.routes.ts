import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZLoginRequest, ZLoginResponse } from '@service-hub/contracts';
import { signInWithPassword } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password; answers a signed JWT',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) => signInWithPassword(app.db, app.tokens, request.body),
  );
};
