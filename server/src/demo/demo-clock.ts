import { Hono } from 'hono';
import { BRAND_NAME } from '@pharmaradar/shared';
import { DAY_MS, demoDay } from './demo-prices';

// The demo app's clock, which a person trying the demo (or a journey) can move on by whole days so a
// price alert fires without waiting for tomorrow (ADR 117). The whole server reads it (demo shops'
// prices, search cache ages, price history, alert checks), so the next day is the next day everywhere.

export const DEMO_CLOCK_PATH = '/__demo/clock';

export interface DemoClock {
  /** The server's clock plus the days moved on. */
  now: () => number;
  /** Moves one day on; answers the new demo day (UTC days since 1970). */
  nextDay(): number;
  /** Serves the demo page and its button (the alerts job's pass, run right after the day moved on). */
  mount(app: Hono, runChecks: () => Promise<{ checked: number; mailed: number }>): void;
}

const PAGE = (day: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo clock – ${BRAND_NAME}</title></head>
<body><main>
<h1>Demo clock (demo mode only)</h1>
<p>The demo shops change their prices once a day. This button moves the demo app to the next day and runs the price alert checks now, so an alert can fire without waiting.</p>
<p>Demo day: <strong data-testid="demo-day">${day}</strong></p>
<form method="post" action="${DEMO_CLOCK_PATH}/next-day"><button type="submit">Next demo day and check alerts</button></form>
<p><a href="/">${BRAND_NAME}</a></p>
</main></body></html>`;

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
    mount(app, runChecks) {
      const routes = new Hono();
      routes.get('/', (c) => c.html(PAGE(dayOf())));
      // No CSRF token: moving a demo's day on is harmless and only exists in demo mode with DEMO_CONTROLS.
      routes.post('/next-day', async (c) => {
        const day = nextDay();
        const { checked, mailed } = await runChecks();
        if (!(c.req.header('accept') ?? '').includes('application/json')) return c.redirect(DEMO_CLOCK_PATH, 303);
        return c.json({ day, date: dayOf(), checked, mailed });
      });
      app.route(DEMO_CLOCK_PATH, routes);
    },
  };
}
