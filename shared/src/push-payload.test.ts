import { describe, expect, it } from 'vitest';
import { readPushPayload } from './push-payload';
import { pushPayloadSchema } from './push.schema';

// readPushPayload has no zod (the service worker's push script, ADR 256); these payloads hold it to
// pushPayloadSchema: it accepts what the schema accepts, reads it to the same value (extra fields
// dropped), and refuses what the schema refuses.

const valid = {
  title: 'Baisse de prix : Dafalgan 1 g',
  body: 'Meilleur prix : 7,49 € chez Farmaline',
  url: '/nl/dafalgan-1-g-1234567',
  tag: 'alert-1234567',
};
const without = (key: keyof typeof valid) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key));
const long = 'x'.repeat(100_000);

const accepted: Array<[string, unknown]> = [
  ['the server’s payload', valid],
  ['extra fields', { ...valid, icon: '/x.png', data: { a: 1 }, title2: 3 }],
  ['empty title, body and tag', { ...valid, title: '', body: '', tag: '' }],
  ['the root path', { ...valid, url: '/' }],
  // startsWith('/') alone: the notification refuses other origins itself (appUrl).
  ['a protocol-relative path', { ...valid, url: '//evil.example/x' }],
  ['very long strings (the schema sets no bound)', { title: long, body: long, url: `/${long}`, tag: long }],
  ['a __proto__ key from JSON', JSON.parse(`{"__proto__": {"polluted": true}, ${JSON.stringify(valid).slice(1)}`)],
];

const refused: Array<[string, unknown]> = [
  ...(Object.keys(valid) as Array<keyof typeof valid>).flatMap((key): Array<[string, unknown]> => [
    [`${key} missing`, without(key)],
    [`${key} a number`, { ...valid, [key]: 42 }],
    [`${key} null`, { ...valid, [key]: null }],
    [`${key} undefined`, { ...valid, [key]: undefined }],
    [`${key} an array`, { ...valid, [key]: [valid[key]] }],
    [`${key} an object`, { ...valid, [key]: { value: valid[key] } }],
  ]),
  ['a url without the leading slash', { ...valid, url: 'nl/product/1234567' }],
  ['an absolute url', { ...valid, url: 'https://evil.example/' }],
  ['an empty url', { ...valid, url: '' }],
  ['null', null],
  ['undefined', undefined],
  ['a string', JSON.stringify(valid)],
  ['a number', 1],
  ['true', true],
  ['an array', [valid]],
  ['an array carrying the fields', Object.assign([], valid)],
  ['an empty object', {}],
];

describe('readPushPayload against pushPayloadSchema', () => {
  it.each(accepted)('accepts %s, read as the schema reads it', (_, raw) => {
    const parsed = pushPayloadSchema.safeParse(raw);
    expect(parsed.success).toBe(true);
    expect(readPushPayload(raw)).toStrictEqual(parsed.data);
  });

  it.each(refused)('refuses %s, as the schema does', (_, raw) => {
    expect(pushPayloadSchema.safeParse(raw).success).toBe(false);
    expect(readPushPayload(raw)).toBeNull();
  });

  it('returns only the four fields, never the object it was given', () => {
    const raw = { ...valid, extra: 'x' };
    const read = readPushPayload(raw);
    expect(read).not.toBe(raw);
    expect(Object.keys(read!).sort()).toEqual(['body', 'tag', 'title', 'url']);
  });
});
