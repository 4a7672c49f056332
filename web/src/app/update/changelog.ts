/**
 * What changed, newest release first. Each item's text is `update.changes.<key>` in
 * web/public/locales/<lang>/update.json (fr, en, nl); add a release here with its texts when the
 * root package.json version moves.
 */
export interface Release {
  version: string;
  /** ISO date of the release. */
  date: string;
  items: readonly string[];
}

export const CHANGELOG: readonly Release[] = [
  {
    version: '0.1.0',
    date: '2026-11-23',
    items: ['search', 'offline', 'accounts', 'plans', 'pro', 'pharmacies', 'promo'],
  },
];
