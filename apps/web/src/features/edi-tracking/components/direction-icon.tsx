import arrowDownLeft from '@tabler/icons/outline/arrow-down-left.svg?raw';
import arrowUpRight from '@tabler/icons/outline/arrow-up-right.svg?raw';
import arrowsDownUp from '@tabler/icons/outline/arrows-down-up.svg?raw';
import { useTranslation } from 'react-i18next';
import type { EdiDirection } from '@service-hub/contracts';
import { PointerTooltip } from '../../../components/ui/pointer-tooltip';
import { StrokeIcon, strokesOf } from '../../../components/ui/stroke-icon';

/** In: an arrow coming down and in; out: one going up and away. The header shows both ways. */
const GLYPHS = {
  INBOUND: strokesOf(arrowDownLeft),
  OUTBOUND: strokesOf(arrowUpRight),
  both: strokesOf(arrowsDownUp),
} satisfies Record<EdiDirection | 'both', string>;

function DirectionGlyph({ glyph }: { glyph: keyof typeof GLYPHS }) {
  return <StrokeIcon strokes={GLYPHS[glyph]} />;
}

/**
 * A list's direction as an icon: as narrow in every language as the words ("Inkommande",
 * "Innkommende") were wide, which the nine columns of an EDI list need beside the sidebar at
 * 1280 px. Its accessible name and its tooltip are the direction.
 */
export function DirectionIcon({ direction }: { direction: EdiDirection }) {
  const { t } = useTranslation();
  const name = t(`ediTracking.directions.${direction}`);
  return (
    <PointerTooltip label={name} imageName={name} withArrow>
      <DirectionGlyph glyph={direction} />
    </PointerTooltip>
  );
}

/** The direction column's header: an icon named (and with a tooltip saying) "Direction". */
export function DirectionHeader() {
  const { t } = useTranslation();
  const name = t('ediTracking.fields.direction');
  return (
    <PointerTooltip label={name} imageName={name} withArrow>
      <DirectionGlyph glyph="both" />
    </PointerTooltip>
  );
}
