import { useTranslation } from 'react-i18next';
import { DetailError as EntityDetailError } from '../../../components/ui/detail-error';

/** Why a file or document cannot be shown: the 403 rule, or a failure worth trying again. */
export function DetailError({
  error,
  onRetry,
  kind,
}: {
  error: unknown;
  onRetry: () => void;
  kind: 'file' | 'document';
}) {
  const { t } = useTranslation();
  const refused = { title: t(`tracking.notParty.${kind}`), hint: t('tracking.notParty.hint') };
  return <EntityDetailError error={error} onRetry={onRetry} refused={refused} />;
}
