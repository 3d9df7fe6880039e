import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BulkProblem } from '@service-hub/contracts';

/** Why an account cannot be imported, in the spec's words (spec 8), with the missing fields. */
export function BulkProblemText({
  problem,
  missingFields,
}: {
  problem: BulkProblem | null;
  missingFields: string[];
}) {
  const { t } = useTranslation();
  if (!problem) return null;
  return (
    <Text size="sm">
      {t(`customers.bulk.problems.${problem}`)}
      {problem === 'incomplete' && missingFields.length > 0 && (
        <>
          {' '}
          {t('customers.bulk.missing', {
            fields: missingFields.map((field) => t(`customers.bulk.fields.${field}`)).join(', '),
          })}
        </>
      )}
    </Text>
  );
}
