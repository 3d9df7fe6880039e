import {
  API_KEY_SCOPE_SERVICES,
  API_KEY_SCOPES,
  type ApiKeyScope,
  type TCurrentUser,
} from '@service-hub/contracts';
import { mayShareService } from '../../../lib/access/share-service';

/**
 * The scopes the user may give a key of the account: those whose service they read there
 * themselves (provider administrators: all). The server refuses any other with 403.
 */
export const shareableScopes = (user: TCurrentUser | undefined, accountId: number): ApiKeyScope[] =>
  API_KEY_SCOPES.filter((scope) => mayShareService(user, accountId, API_KEY_SCOPE_SERVICES[scope]));
