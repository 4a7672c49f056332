/**
 * Keys that would reach an object's prototype (or its constructor) when written with `obj[key] = …`:
 * a request naming them is decoded as if the pair was not there (Stripe itself has no such keys).
 */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

type Node = Record<string, unknown> | unknown[];

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/**
 * Decodes Stripe's form encoding (`line_items[0][price]=x&expand[0]=y&metadata[k]=v`) into nested
 * objects and arrays, as the API reads it. Objects have no prototype and the keys above are skipped,
 * so no request can write through `__proto__` into Object.prototype (which would break every JSON
 * request of the process until a restart).
 */
export function decodeStripeParams(search: URLSearchParams): Record<string, unknown> {
  const root = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of search) {
    const [head = '', ...rest] = key.split('[').map((part, i) => (i === 0 ? part : part.replace(/\]$/, '')));
    const path = [head, ...rest];
    if (path.some((segment) => FORBIDDEN_KEYS.has(segment))) continue;
    let node: Node = root;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i] ?? '';
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1] ?? '');
      const slot: string = segment === '' && Array.isArray(node) ? String(node.length) : segment;
      const container = node as Record<string, unknown>;
      if (last) {
        container[slot] = value;
      } else {
        // A key given both as a value and as a container (`a=1&a[b]=2`): the container wins.
        const existing: unknown = Object.hasOwn(container, slot) ? container[slot] : undefined;
        const next: Node = isNode(existing) ? existing : nextIsIndex ? [] : Object.create(null);
        container[slot] = next;
        node = next;
      }
    }
  }
  return root;
}

export function asStringArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
}
