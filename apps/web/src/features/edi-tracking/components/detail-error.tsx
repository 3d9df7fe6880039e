import { useTranslation } from 'react-i18next';
import { DetailError as EntityDetailError } from '../../../components/ui/detail-error';

/** Why a consignment, message or document cannot be shown: the 403 rule, or a failure to retry. */
export function DetailError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const refused = { title: t('ediTracking.notParty.title'), hint: t('ediTracking.notParty.hint') };
  return <EntityDetailError error={error} onRetry={onRetry} refused={refused} />;
}
