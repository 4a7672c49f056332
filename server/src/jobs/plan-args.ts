import { normalizeEmail } from '@pharmaradar/shared/auth.schema';

export interface PlanArgs {
  email: string;
  plan: 'free' | 'pro' | 'ultra';
  /** End of the grant (end of that day in Brussels, roughly: 23:59:59 UTC+2), null = no end. */
  until: number | null;
}

export const PLAN_USAGE = 'Usage: npm run plan -- <email> <free|pro|ultra> [YYYY-MM-DD]';

/** The arguments of `npm run plan`, or an error line to print. */
export function parsePlanArgs(args: string[], now: number): PlanArgs | { error: string } {
  const [email = '', plan = '', until, ...rest] = args;
  if (!email.includes('@') || rest.length > 0) return { error: PLAN_USAGE };
  if (plan !== 'free' && plan !== 'pro' && plan !== 'ultra') return { error: PLAN_USAGE };
  let end: number | null = null;
  if (until !== undefined) {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(until);
    end = match ? Date.parse(`${until}T23:59:59+02:00`) : NaN;
    if (!Number.isFinite(end)) return { error: `Invalid date ${until}: use YYYY-MM-DD. ${PLAN_USAGE}` };
    if (end <= now) return { error: `The date ${until} is already past.` };
  }
  return { email: normalizeEmail(email), plan, until: end };
}
