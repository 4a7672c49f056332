/** One JSON file per namespace in public/locales/<locale>/; ids are `<namespace>.<dotted.path>`. */
export const NAMESPACES = [
  'common',
  'layout',
  'info',
  'contact',
  'search',
  'product',
  'auth',
  'account',
  'errors',
  'notfound',
  'billing',
  'pro',
  'pharmacies',
  'update',
  'basket',
  'admin',
  'scan',
  'alerts',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
