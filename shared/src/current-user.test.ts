import { describe, expect, it } from 'vitest';
import { normalizeCurrentUser } from './current-user';
import { currentUserSchema, planSchema, serverUserSchema, subscriptionStatusSchema } from './user.schema';
import { serverUserFixture } from './user.test-support';

// normalizeCurrentUser has no zod (it runs at boot, ADR 036); these fixtures hold it to the schemas of
// user.schema.ts: whatever it is given, what it returns is a valid CurrentUser, and what the schema
// accepts from the server it reads to the same values.
const serverUser = serverUserFixture({ search_used: 3, permissions: ['search'] });

const fixtures: unknown[] = [
  serverUser,
  { user: serverUser },
  { ...serverUser, is_pro: true, plan: 'pro', subscription_status: 'trialing', trial_ends_at: '2026-12-01' },
  { ...serverUser, subscription_status: 'canceled_at_period_end', pro_until: '2026-12-31', search_quota: 50 },
  { ...serverUser, plan: 'gold', subscription_status: 'weird', permissions: ['a', 3, null] },
  { ...serverUser, id: '12', is_pharmacist: null, has_password: undefined },
  { ...serverUser, plan: 'PRO', subscription_status: 'Active', search_used: Number.NaN },
  { id: 1 },
  { email: 'a@b.be' },
  { id: 1, pro: true },
  { id: 1, plan: 'pro' },
  { user: null },
  null,
  undefined,
  'x',
  [],
  { id: Infinity },
];

describe('normalizeCurrentUser against the zod schemas', () => {
  it.each(fixtures.map((f) => [JSON.stringify(f) ?? 'undefined', f]))('gives a valid CurrentUser for %s', (_, raw) => {
    const user = normalizeCurrentUser(raw);
    expect(currentUserSchema.parse(user)).toEqual(user);
  });

  it('reads every answer serverUserSchema accepts to the values the schema reads', () => {
    const accepted = fixtures
      .map((raw) => (raw && typeof raw === 'object' && 'user' in raw ? raw.user : raw))
      .flatMap((raw) => {
        const parsed = serverUserSchema.safeParse(raw);
        return parsed.success ? [parsed.data] : [];
      });
    expect(accepted.length).toBeGreaterThanOrEqual(4);
    for (const server of accepted) {
      const user = normalizeCurrentUser(server);
      expect(user).toMatchObject({
        id: server.id,
        email: server.email,
        isPro: server.is_pro,
        plan: server.is_pro ? 'pro' : server.plan,
        subscription_status: server.subscription_status,
        search_quota: server.search_quota,
        permissions: server.permissions,
        is_pharmacist: server.is_pharmacist,
        has_password: server.has_password ?? null,
        isAuthenticated: true,
      });
    }
  });

  it('accepts exactly the plans and statuses the enums accept', () => {
    const candidates = ['free', 'pro', 'gold', 'PRO', '', 'active', 'unknown', 'none', 'Active', 'past_due', null, 1];
    for (const value of candidates) {
      const user = normalizeCurrentUser({ id: 1, plan: value, subscription_status: value });
      const plan = planSchema.safeParse(value);
      const status = subscriptionStatusSchema.safeParse(value);
      expect(user.plan).toBe(plan.success ? plan.data : 'free');
      expect(user.subscription_status).toBe(status.success ? status.data : 'unknown');
    }
  });
});
