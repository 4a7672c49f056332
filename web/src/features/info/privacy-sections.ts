/** The nine sections of the privacy policy (docs/product.md#information-pages), in order; each id is also its URL fragment. */
export const PRIVACY_SECTIONS = [
  'controller',
  'data',
  'purposes',
  'recipients',
  'retention',
  'security',
  'rights',
  'erasure',
  'changes',
] as const;

export type PrivacySection = (typeof PRIVACY_SECTIONS)[number];
