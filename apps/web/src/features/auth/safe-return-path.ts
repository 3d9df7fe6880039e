import { appLinks } from '../../lib/routing/links';

/** A local path to return to; anything else (another site, a protocol-relative URL) is ignored. */
export function safeReturnPath(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : appLinks.dashboard();
}
