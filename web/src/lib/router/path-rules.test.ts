import { describe, expect, it } from 'vitest';
import { classifyCatchAll } from './path-rules';

describe('catch-all rules (ADR: unknown paths and wrong language wrappers)', () => {
  it.each(['dafalgan-1g', 'Dafalgan', 'isobetadine-dermicum-10', '3401579805447', 'x', '12'])(
    '%s is a product slug',
    (slug) => {
      expect(classifyCatchAll(slug)).toBe('product');
    },
  );

  it.each(['de', 'es', 'EN', 'en-gb', 'pt-br', 'fr', 'nl'])('%s looks like a language wrapper -> 404', (slug) => {
    expect(classifyCatchAll(slug)).toBe('not-found');
  });

  it.each(['wp-login.php', 'a_b', '-x', 'x-', 'caf%C3%A9', 'a b', '', 'x'.repeat(121)])(
    '%s is not a slug -> 404',
    (slug) => {
      expect(classifyCatchAll(slug)).toBe('not-found');
    },
  );
});
