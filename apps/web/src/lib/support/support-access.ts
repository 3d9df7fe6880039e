import {
  isHandleAllowed,
  meetsRequirement,
  permissionsFor,
  RouteAccessError,
  type AccessSubject,
} from '../access/route-access';
import { useRuntimeConfig } from '../runtime-config';
import { useActiveAccount } from '../session/active-account';
import { useCurrentUser } from '../session/current-user';
import { NEW_CASE_HANDLE } from '../routing/support-links';

/**
 * What the pages of documents, files, consignments and messages may offer about support in the
 * active account: the open cases about an item need the support permission there (the API's
 * rule), and "Ask support about this" also needs the new-case form to open here (development
 * only, spec 2) — exactly the form's route rule, so the link never leads to a refusal.
 */
export function useSupportAccess(): { canSeeCases: boolean; canAsk: boolean } {
  const { data: user } = useCurrentUser();
  const { account } = useActiveAccount();
  const { environment } = useRuntimeConfig();
  if (!user || !account) return { canSeeCases: false, canAsk: false };
  const subject: AccessSubject = {
    user,
    activeAccountId: account.id,
    environment,
    hostname: window.location.hostname,
  };
  const canSeeCases = meetsRequirement('SUP', permissionsFor({ activeAccount: true }, subject), user);
  let canAsk = false;
  try {
    canAsk = isHandleAllowed(NEW_CASE_HANDLE, subject);
  } catch (error) {
    if (!(error instanceof RouteAccessError)) throw error;
  }
  return { canSeeCases, canAsk };
}
