import { describe, expect, it } from 'vitest';
import { contactMessageSchema, toSingleLine } from './contact.schema';

const issues = (input: unknown) => {
  const result = contactMessageSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('contactMessageSchema', () => {
  it('trims and keeps a valid message, newlines included', () => {
    expect(contactMessageSchema.parse({ name: ' Jo ', email: ' jo@example.be ', message: ' a\nb ' })).toEqual({
      name: 'Jo',
      email: 'jo@example.be',
      message: 'a\nb',
    });
  });

  it('turns CR/LF and other control characters of the name into single spaces', () => {
    expect(contactMessageSchema.parse({ name: 'a\r\nBcc: x@y', email: 'jo@example.be', message: 'm' }).name).toBe(
      'a Bcc: x@y',
    );
    expect(toSingleLine('a\u0000\tb\u2028c')).toBe('a b c');
  });

  it('uses stable issue keys: required, invalid_email, too_long', () => {
    expect(issues({})).toEqual([
      ['name', 'required'],
      ['email', 'required'],
      ['message', 'required'],
    ]);
    expect(issues({ name: '\r\n', email: ' ', message: ' ' }).map((i) => i[1])).toEqual([
      'required',
      'required',
      'required',
    ]);
    expect(issues({ name: 'Jo', email: 'jo@example.be\r\nBcc: x@y', message: 'm' })).toEqual([
      ['email', 'invalid_email'],
    ]);
    expect(issues({ name: 'n'.repeat(101), email: 'jo@example.be', message: 'm'.repeat(5001) })).toEqual([
      ['name', 'too_long'],
      ['message', 'too_long'],
    ]);
    expect(issues({ name: 'n'.repeat(100), email: 'jo@example.be', message: 'm'.repeat(5000) })).toEqual([]);
  });
});
