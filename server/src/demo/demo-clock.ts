import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { BRAND_NAME } from '@pharmaradar/shared/brand';
import type { Env } from '../config/env';
import { checkCsrf, CSRF_HEADER_NAME, issueCsrfToken } from '../lib/csrf';
import { DAY_MS, demoDay } from './demo-prices';

// The demo prices' clock, which a staff member trying the demo (or a journey) can move on by whole
// days so a price alert fires without waiting for tomorrow (ADR 117, 122). Only what a demo day is
// about reads it: the demo shops' prices, the search cache's freshness and the price history's day.
// Rate limits, paces, sessions, quotas and throttles keep the real clock (deps.now).

export const DEMO_CLOCK_PATH = '/__demo/clock';
/** The form field that carries the CSRF token of the page's button (a form cannot set headers). */
export const DEMO_CLOCK_TOKEN_FIELD = 'csrf_token';

export interface DemoClock {
  /** The server's clock plus the days moved on. */
  now: () => number;
  /** Moves one day on; answers the new demo day (UTC days since 1970). */
  nextDay(): number;
  /** Serves the demo page and its button (the alerts job's pass, run right after the day moved on). */
  mount(app: Hono, runChecks: () => Promise<{ checked: number; mailed: number }>, guard: DemoClockGuard): void;
}

/** Who may see and move the clock: a signed-in staff member, with the CSRF token on the POST. */
export interface DemoClockGuard {
  /** Puts the session's user on the context (the accounts' session middleware). */
  session: MiddlewareHandler;
  /** The staff check (features/accounts/staff-access.ts): a plain 404 for anyone else, as for /admin. */
  requireStaff: (c: Context) => unknown;
  env: Pick<Env, 'PUBLIC_URL' | 'SECRET_KEY'>;
}

const PAGE = (day: string, token: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo clock – ${BRAND_NAME}</title></head>
<body><main>
<h1>Demo clock (demo mode only)</h1>
<p>The demo shops change their prices once a day. This button moves the demo prices to the next day and runs the price alert checks now, so an alert can fire without waiting.</p>
<p>Demo day: <strong data-testid="demo-day">${day}</strong></p>
<form method="post" action="${DEMO_CLOCK_PATH}/next-day"><input type="hidden" name="${DEMO_CLOCK_TOKEN_FIELD}" value="${token}"><button type="submit">Next demo day and check alerts</button></form>
<p><a href="/">${BRAND_NAME}</a></p>
</main></body></html>`;

/** The token of the request: the header (scripts, journeys) or the page's form field. */
async function tokenOf(c: Context): Promise<string> {
  const header = c.req.header(CSRF_HEADER_NAME);
  if (header) return header;
  if (!(c.req.header('content-type') ?? '').startsWith('application/x-www-form-urlencoded')) return '';
  const field = (await c.req.parseBody())[DEMO_CLOCK_TOKEN_FIELD];
  return typeof field === 'string' ? field : '';
}

export function createDemoClock(base: () => number): DemoClock {
  let offsetMs = 0;
  const now = () => base() + offsetMs;
  const dayOf = () => new Date(now()).toISOString().slice(0, 10);
  const nextDay = () => {
    offsetMs += DAY_MS;
    return demoDay(now());
  };
  return {
    now,
    nextDay,
    mount(app, runChecks, guard) {
      const routes = new Hono();
      routes.use('*', guard.session);
      // Staff first: anyone else learns nothing, not even that a token would be asked for.
      routes.use('*', async (c, next) => {
        guard.requireStaff(c);
        await next();
      });
      routes.get('/', (c) => {
        c.header('Cache-Control', 'no-store');
        return c.html(PAGE(dayOf(), issueCsrfToken(c, guard.env)));
      });
      routes.post('/next-day', async (c) => {
        checkCsrf(c, guard.env, await tokenOf(c));
        const day = nextDay();
        const { checked, mailed } = await runChecks();
        if (!(c.req.header('accept') ?? '').includes('application/json')) return c.redirect(DEMO_CLOCK_PATH, 303);
        return c.json({ day, date: dayOf(), checked, mailed });
      });
      app.route(DEMO_CLOCK_PATH, routes);
    },
  };
}
