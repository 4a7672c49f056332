import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { setApiOrigin } from '../../lib/api/client';
import { sendJson, startLoopbackServer, type ReceivedRequest } from './http-server';

/**
 * A scripted stand-in for the account API on a real loopback HTTP server, for component tests of
 * the session, auth, account and gate screens. It answers the CSRF, config and me calls from its
 * state; every other route answers what the test scripted with `on()` (404 otherwise).
 */
export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Answer this late (to order concurrent requests deterministically). */
  delayMs?: number;
}

export type Responder = Reply | ((request: ReceivedRequest & { json: unknown }) => Reply);

export interface AuthApiServer {
  /** Where the client is pointed for the current test (see LoopbackServer.newScope). */
  origin: string;
  received: ReceivedRequest[];
  /** The user GET /api/auth/me/ answers (`{user}`); null = anonymous. */
  user: Record<string, unknown> | null;
  googleClientId: string | null;
  /** Scripts `METHOD /api/path/`. */
  on(route: string, responder: Responder): void;
  /** JSON bodies received for `METHOD /api/path/`, oldest first. */
  bodies(route: string): unknown[];
  /** Forgets scripted routes, received requests and the user. */
  reset(): void;
  /** A new scope for the next test: its origin, from which alone requests are recorded. */
  newScope(): string;
  close(): Promise<void>;
}

/** The user the fake answers with; one fixture for shared's schema tests and these (ADR 146). */
export { serverUserFixture as testUser } from '@pharmaradar/shared/user.test-support';

function parse(body: string): unknown {
  try {
    return body ? (JSON.parse(body) as unknown) : null;
  } catch {
    return body;
  }
}

export async function startAuthApiServer(): Promise<AuthApiServer> {
  const routes = new Map<string, Responder>();
  const state = { user: null as Record<string, unknown> | null, googleClientId: null as string | null };

  const reply = async (res: ServerResponse, r: Reply) => {
    if (r.delayMs) await new Promise((resolve) => setTimeout(resolve, r.delayMs));
    sendJson(res, r.status ?? 200, r.body ?? {}, r.headers);
  };

  const loopback = await startLoopbackServer((req, res) => {
    const path = req.path.split('?')[0] ?? '';
    const route = `${req.method} ${path}`;
    const scripted = routes.get(route);
    if (scripted)
      return reply(res, typeof scripted === 'function' ? scripted({ ...req, json: parse(req.body) }) : scripted);
    if (route === 'GET /api/auth/csrf/') return reply(res, { body: { csrfToken: 'test-csrf-token' } });
    if (route === 'GET /api/auth/me/') return reply(res, { body: { user: state.user } });
    if (route === 'GET /api/auth/config/') return reply(res, { body: { googleClientId: state.googleClientId } });
    return reply(res, { status: 404, body: { code: 'not_found', detail: 'Not found.' } });
  });

  return {
    origin: loopback.origin,
    received: loopback.received,
    newScope: () => loopback.newScope(),
    get user() {
      return state.user;
    },
    set user(value) {
      state.user = value;
    },
    get googleClientId() {
      return state.googleClientId;
    },
    set googleClientId(value) {
      state.googleClientId = value;
    },
    on(route, responder) {
      routes.set(route, responder);
    },
    bodies(route) {
      return loopback.received.filter((r) => `${r.method} ${r.path.split('?')[0]}` === route).map((r) => parse(r.body));
    },
    reset() {
      routes.clear();
      loopback.received.length = 0;
      state.user = null;
    },
    close: () => loopback.close(),
  };
}

/**
 * One scripted account API per test file: started before the file's tests, reset and pointed at by the
 * API client before each test, closed after. The returned object always speaks for the running server.
 */
export function serveAuthApi(): AuthApiServer {
  let current: AuthApiServer | undefined;
  let origin = '';
  const live = (): AuthApiServer => {
    if (!current) throw new Error('the account API test server only runs inside tests');
    return current;
  };
  beforeAll(async () => {
    current = await startAuthApiServer();
  });
  afterAll(async () => {
    setApiOrigin('');
    await current?.close();
  });
  // Each test its own scope: a request a previous test's page sends late is never counted here.
  beforeEach(() => {
    live().reset();
    origin = live().newScope();
    setApiOrigin(origin);
  });
  return {
    get origin() {
      live();
      return origin;
    },
    get received() {
      return live().received;
    },
    get user() {
      return live().user;
    },
    set user(value) {
      live().user = value;
    },
    get googleClientId() {
      return live().googleClientId;
    },
    set googleClientId(value) {
      live().googleClientId = value;
    },
    on: (route, responder) => live().on(route, responder),
    bodies: (route) => live().bodies(route),
    reset: () => live().reset(),
    newScope: () => (origin = live().newScope()),
    close: () => live().close(),
  };
}
