import { describe, expect, it } from 'vitest';
import { authScreenOf, isAuthScreen } from './auth-paths';

describe('auth paths', () => {
  it('knows the auth screens with and without a language prefix', () => {
    for (const path of [
      '/login',
      '/register',
      '/verify-otp',
      '/forgot-password',
      '/reset-password/a/b',
      '/activate/a/b',
      '/en/login',
      '/nl/register',
    ]) {
      expect(isAuthScreen(path)).toBe(true);
    }
    for (const path of ['/', '/about', '/compte', '/nl', '/login-help', '/de/login'])
      expect(isAuthScreen(path)).toBe(false);
  });

  it('names the screen a path shows', () => {
    expect(authScreenOf('/nl/reset-password/a/b')).toBe('reset-password');
    expect(authScreenOf('/activate/a/b')).toBe('activate');
    expect(authScreenOf('/about')).toBeNull();
  });
});
