import { useParams } from 'react-router';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useWebhookEndpoint } from '../api/get-webhook-endpoint';

/** The endpoint the address names, of the active account. */
export function useEndpointParam() {
  const { endpointId = '' } = useParams();
  const { account } = useActiveAccount();
  const accountId = account?.id ?? null;
  return { endpointId, accountId, endpoint: useWebhookEndpoint(accountId, endpointId) };
}
