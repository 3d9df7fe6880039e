import type enSE from '../../locales/en-SE.json';

/** An entry's words live in the catalogs under dashboard.releaseNoteEntries.<id> (title, text). */
export type ReleaseNoteId = keyof (typeof enSE)['dashboard']['releaseNoteEntries'];

/**
 * What changed in the Hub, newest first. To announce a change: add its title and text to all five
 * catalogs and one line here (a missing key fails the type check).
 */
export const RELEASE_NOTES: readonly { id: ReleaseNoteId; date: string }[] = [
  { id: 'dashboard', date: '2026-11-22' },
  { id: 'reports', date: '2026-11-20' },
  { id: 'trackingViews', date: '2026-11-18' },
  { id: 'supportCases', date: '2026-11-12' },
];
