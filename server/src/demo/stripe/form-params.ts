/**
 * Decodes Stripe's form encoding (`line_items[0][price]=x&expand[0]=y&metadata[k]=v`) into nested
 * objects and arrays, as the API reads it.
 */
export function decodeStripeParams(search: URLSearchParams): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of search) {
    const [head = '', ...rest] = key.split('[').map((part, i) => (i === 0 ? part : part.replace(/\]$/, '')));
    const path = [head, ...rest];
    let node: Record<string, unknown> | unknown[] = root;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i] ?? '';
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1] ?? '');
      const slot = segment === '' && Array.isArray(node) ? String(node.length) : segment;
      const container = node as Record<string, unknown>;
      if (last) {
        container[slot] = value;
      } else {
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as Record<string, unknown> | unknown[];
      }
    }
  }
  return root;
}

export function asStringArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
}
