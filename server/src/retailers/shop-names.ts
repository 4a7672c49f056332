import { RETAILER_LABELS } from './registry';
import { isRetailerId, type ShopId } from './types';

/**
 * A shop's name as people read it: RETAILER_NAMES when it names the shop (a feed-only shop always
 * has one, the configuration checks it), else a page shop's own spelling, else its id (ADR 179).
 */
export function shopDisplayName(id: ShopId, names: Readonly<Record<string, string | undefined>> = {}): string {
  return names[id] ?? (isRetailerId(id) ? RETAILER_LABELS[id] : id);
}
