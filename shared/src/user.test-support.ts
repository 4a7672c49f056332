/**
 * The signed-in user as GET /api/auth/me/ answers it (snake_case), for the tests of both sides that
 * need one: the schema tests here and the web's fake account API (not a test file itself).
 */
export function serverUserFixture(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 7,
    email: 'anne.dupont@example.be',
    username: 'anne.dupont@example.be',
    first_name: 'Anne',
    last_name: 'Dupont',
    is_pro: false,
    plan: 'free',
    subscription_status: 'none',
    trial_ends_at: null,
    pro_until: null,
    search_quota: null,
    search_used: 0,
    date_joined: '2026-01-15T10:00:00Z',
    is_staff: false,
    is_superuser: false,
    permissions: [],
    is_pharmacist: true,
    has_password: true,
    ...overrides,
  };
}
