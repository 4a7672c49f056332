/** Questions in display order; each is `info.faq.<key>.q` / `.a`, and `#faq-<key>` opens it. */
export const FAQ_KEYS = [
  'what',
  'live',
  'pharmacies',
  'cnk',
  'scan',
  'prescription',
  'free',
  'pro',
  'offline',
  'languages',
  'data',
  'buy',
] as const;
export type FaqKey = (typeof FAQ_KEYS)[number];
