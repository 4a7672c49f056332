import { describe, expect, it } from 'vitest';
import { readAuthConfig } from './auth-config';
import { authConfigSchema } from './auth.schema';

// readAuthConfig has no zod (the home page reads it as it loads); on every answer below it must give
// what authConfigSchema gives, and refuse what the schema refuses.
const answers: unknown[] = [
  { googleClientId: '1234-abc.apps.googleusercontent.com' },
  { googleClientId: null },
  { googleClientId: '' },
  { googleClientId: 'id', extra: true },
  {},
  { googleClientId: 42 },
  { googleClientId: undefined },
  null,
  'text',
  [],
  [{ googleClientId: 'id' }],
];

describe('readAuthConfig', () => {
  it.each(answers.map((answer) => [JSON.stringify(answer) ?? String(answer), answer]))(
    'reads %s as the schema does',
    (_name, answer) => {
      const schema = authConfigSchema.safeParse(answer);
      expect(readAuthConfig(answer)).toEqual(schema.success ? schema.data : null);
    },
  );
});
