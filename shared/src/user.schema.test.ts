import { describe, expect, it } from 'vitest';
import { ANONYMOUS_USER, currentUserSchema, normalizeCurrentUser, userResponseSchema } from './user.schema';
import { serverUserFixture } from './user.test-support';

// Without has_password: an older server's answer.
const serverUser = serverUserFixture({
  search_used: 3,
  permissions: ['search'],
  has_password: undefined,
});

describe('normalizeCurrentUser', () => {
  it('reads a user wrapped in {user}', () => {
    const user = normalizeCurrentUser({ user: serverUser });
    expect(user).toMatchObject({
      id: 7,
      email: 'anne.dupont@example.be',
      isAuthenticated: true,
      isPro: false,
      plan: 'free',
    });
    expect(user.permissions).toEqual(['search']);
    expect(user.is_pharmacist).toBe(true);
    expect(currentUserSchema.parse(user)).toEqual(user);
  });

  it('reads a bare user the same way as a wrapped one', () => {
    expect(normalizeCurrentUser(serverUser)).toEqual(normalizeCurrentUser({ user: serverUser }));
  });

  it('treats null, {user: null}, garbage and id-less answers as anonymous', () => {
    for (const raw of [
      null,
      undefined,
      { user: null },
      'x',
      42,
      [],
      {},
      { id: 'abc' },
      { email: 'nobody' },
      { id: Infinity },
    ]) {
      expect(normalizeCurrentUser(raw)).toEqual(ANONYMOUS_USER);
    }
  });

  it('gives the anonymous default: free, status none, no permissions, not authenticated', () => {
    const anon = normalizeCurrentUser(null);
    expect(anon).toMatchObject({ isAuthenticated: false, plan: 'free', subscription_status: 'none', isPro: false });
    expect(anon.permissions).toEqual([]);
    anon.permissions.push('mutated');
    expect(ANONYMOUS_USER.permissions).toEqual([]);
  });

  it('authenticates with a numeric id alone or with an e-mail containing @ alone', () => {
    expect(normalizeCurrentUser({ id: 3 }).isAuthenticated).toBe(true);
    expect(normalizeCurrentUser({ id: '12' }).id).toBe(12);
    const byMail = normalizeCurrentUser({ email: 'a@b.be' });
    expect(byMail).toMatchObject({ isAuthenticated: true, id: null, email: 'a@b.be' });
  });

  it("takes isPro from is_pro or pro and derives plan 'pro'", () => {
    expect(normalizeCurrentUser({ id: 1, is_pro: true })).toMatchObject({ isPro: true, plan: 'pro' });
    expect(normalizeCurrentUser({ id: 1, pro: true })).toMatchObject({ isPro: true, plan: 'pro' });
    expect(normalizeCurrentUser({ id: 1 })).toMatchObject({ isPro: false, plan: 'free' });
    expect(normalizeCurrentUser({ id: 1, is_pro: false, plan: 'gold' }).plan).toBe('free');
  });

  it("defaults subscription_status to 'unknown' when authenticated", () => {
    expect(normalizeCurrentUser({ id: 1 }).subscription_status).toBe('unknown');
    expect(normalizeCurrentUser({ id: 1, subscription_status: 'weird' }).subscription_status).toBe('unknown');
    expect(normalizeCurrentUser({ id: 1, subscription_status: 'trialing' }).subscription_status).toBe('trialing');
  });

  it('keeps is_pharmacist null when absent and drops non-string permissions', () => {
    const user = normalizeCurrentUser({ id: 1, permissions: ['a', 3, null, 'b'] });
    expect(user.is_pharmacist).toBeNull();
    expect(user.permissions).toEqual(['a', 'b']);
    expect(user.is_staff).toBe(false);
  });

  it('reads has_password (extension of docs/product.md#data), null when absent or anonymous', () => {
    expect(normalizeCurrentUser({ ...serverUser, has_password: false }).has_password).toBe(false);
    expect(normalizeCurrentUser({ ...serverUser, has_password: true }).has_password).toBe(true);
    expect(normalizeCurrentUser(serverUser).has_password).toBeNull();
    expect(normalizeCurrentUser({ ...serverUser, has_password: 'yes' }).has_password).toBeNull();
    expect(ANONYMOUS_USER.has_password).toBeNull();
    // The server answer keeps the field through its schema (profile updates replace the user with it).
    expect(userResponseSchema.parse({ user: { ...serverUser, has_password: false } }).user?.has_password).toBe(false);
  });

  it('is idempotent', () => {
    const once = normalizeCurrentUser({ user: { ...serverUser, is_pro: true } });
    expect(normalizeCurrentUser(once)).toEqual(once);
    expect(normalizeCurrentUser(ANONYMOUS_USER)).toEqual(ANONYMOUS_USER);
  });
});

describe('normalizeCurrentUser plan (docs/architecture.md#billing-and-plans)', () => {
  it("keeps the server's plan, and 'pro' when only is_pro is set", () => {
    expect(normalizeCurrentUser({ id: 1, is_pro: true, plan: 'ultra' })).toMatchObject({ isPro: true, plan: 'ultra' });
    expect(normalizeCurrentUser({ id: 1, is_pro: true, plan: 'free' }).plan).toBe('pro');
    expect(normalizeCurrentUser({ id: 1, is_pro: false, plan: 'pro' }).plan).toBe('pro');
  });
});
