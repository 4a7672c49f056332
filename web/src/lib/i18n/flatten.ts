/** Turns nested locale JSON into react-intl ids: `{a: {b: 'x'}}` under `ns` -> `{'ns.a.b': 'x'}`. */
export function flattenMessages(
  value: unknown,
  prefix: string,
  out: Record<string, string> = {},
): Record<string, string> {
  if (typeof value === 'string') {
    out[prefix] = value;
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => flattenMessages(item, `${prefix}.${index}`, out));
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flattenMessages(child, prefix ? `${prefix}.${key}` : key, out);
  } else if (typeof value === 'number' || typeof value === 'boolean') {
    out[prefix] = String(value);
  }
  return out;
}
