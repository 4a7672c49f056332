import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from './api-error';
import { readApiError } from './api-error-shape';

// readApiError (no zod, on the web's boot path) must agree with apiErrorSchema on every body.
const fixtures: unknown[] = [
  { detail: 'Too many requests.', code: 'rate_limited' },
  { detail: 'Invalid.', code: 'validation_error', fields: { email: 'Enter a valid address.' } },
  { detail: 'x', code: 'y', fields: {} },
  { detail: 'x', code: 'y', extra: 1, fields: { a: 'b' } },
  { detail: 'x', code: 'y', fields: { a: 1 } },
  { detail: 'x', code: 'y', fields: ['a'] },
  { detail: 'x', code: 'y', fields: null },
  { detail: 'x' },
  { code: 'y' },
  { detail: 1, code: 'y' },
  null,
  undefined,
  'error',
  42,
  [],
  ['x'],
];

describe('readApiError', () => {
  it.each(fixtures.map((f) => [JSON.stringify(f) ?? 'undefined', f]))('reads %s as apiErrorSchema does', (_, body) => {
    const parsed = apiErrorSchema.safeParse(body);
    expect(readApiError(body)).toEqual(parsed.success ? parsed.data : null);
  });

  it('keeps the field messages a form shows', () => {
    expect(readApiError({ detail: 'Invalid.', code: 'validation_error', fields: { email: 'Bad.' } })?.fields).toEqual({
      email: 'Bad.',
    });
  });
});
