import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EdiStatus } from '@service-hub/contracts';

const COLORS: Record<EdiStatus, string> = {
  DELIVERED: 'green',
  ERROR: 'red',
  NOT_EXISTS: 'orange',
  RECEIVED: 'blue',
};

/** Statuses are read, not guessed: a badge keeps its whole text and the table scrolls instead. */
const WHOLE_TEXT = { root: { overflow: 'visible' }, label: { overflow: 'visible' } } as const;

/** An EDI status (NOT_EXISTS reads "missing information"); the dot carries the colour. */
export function EdiStatusBadge({ status }: { status: EdiStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={COLORS[status]} tt="none" size="md" styles={WHOLE_TEXT}>
      {t(`ediTracking.statuses.${status}`)}
    </Badge>
  );
}
