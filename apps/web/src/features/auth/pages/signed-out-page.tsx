import { Redirect } from '../../../components/ui/redirect';
import { authSession } from '../../../lib/session/auth-session';
import { SsoStartPage } from './sso-start-page';
import { appLinks } from '../../../lib/routing/links';

/**
 * Where the identity provider returns after signing out (its registered logout URI). The built-in
 * provider's own sign-in page follows at once and says "You have been signed out"; a customer's
 * provider's page cannot, so the Hub says it here and offers to sign in again.
 */
export function SignedOutPage() {
  const session = authSession();
  if (session.kind === 'own') return <Redirect to={appLinks.signIn({ signedOut: true })} replace />;
  return <SsoStartPage notice="signedOut" continueAtOnce={session.provider === 'built-in'} />;
}
