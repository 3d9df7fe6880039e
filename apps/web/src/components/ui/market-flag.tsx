import type { Market } from '@service-hub/contracts';

/** Nordic cross flags drawn inline: emoji flags do not render on every desktop. */
const FLAGS: Record<Market, { field: string; cross: string; inner?: string }> = {
  DK: { field: '#c8102e', cross: '#ffffff' },
  FI: { field: '#ffffff', cross: '#002f6c' },
  NO: { field: '#ba0c2f', cross: '#ffffff', inner: '#00205b' },
  SE: { field: '#006aa7', cross: '#fecc00' },
};

export type MarketFlagProps = { market: Market; label: string; size?: number };

export function MarketFlag({ market, label, size = 20 }: MarketFlagProps) {
  const flag = FLAGS[market];
  return (
    <svg width={size} height={(size * 10) / 16} viewBox="0 0 16 10" role="img" aria-label={label}>
      <title>{label}</title>
      <rect width="16" height="10" fill={flag.field} />
      <rect x="5" width="2" height="10" fill={flag.cross} />
      <rect y="4" width="16" height="2" fill={flag.cross} />
      {flag.inner && (
        <>
          <rect x="5.5" width="1" height="10" fill={flag.inner} />
          <rect y="4.5" width="16" height="1" fill={flag.inner} />
        </>
      )}
      <rect width="16" height="10" fill="none" stroke="rgba(0,0,0,0.15)" strokeWidth="0.5" />
    </svg>
  );
}
