import { api, unwrap } from '../../../lib/api/client';

/** Accepts an invitation as the signed-in user it was sent to. */
export const joinInvitation = (token: string) =>
  unwrap(api.POST('/api/auth/invitations/join', { body: { token } }));
