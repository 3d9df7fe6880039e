import type { TRegisterRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

/** Creates an account; the answer is the same whether or not the address already has a user. */
export const register = (body: TRegisterRequest) => unwrap(api.POST('/api/auth/registrations', { body }));
