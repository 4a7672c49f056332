import { Hono, type Context } from 'hono';
import {
  groupSyncRequestSchema,
  proCostRequestSchema,
  proPricesRequestSchema,
  type ProProductEvent,
} from '@pharmaradar/shared/pro.schema';
import { proCatalogueRequestSchema } from '@pharmaradar/shared/pro-catalogue.schema';
import type { CatalogueLookup } from '../../lib/catalogue-lookup';
import { streamPrivateSSE } from '../../lib/sse';
import { COMMON_ISSUES, parseJsonBody, type IssueVocabulary } from '../../lib/validate';
import type { Logger } from '../../lib/log';
import { syncGroups } from './group-sync.service';
import { catalogueFacts } from './pro-catalogue.service';
import { PRO_MESSAGES } from './pro.messages';
import type { ProRepository } from './pro.repository';
import type { ProPricesService } from './pro-prices.service';

/** The Pro user of the request: 401 when logged out, 403 `pro_required` for a free account (app.ts wires it). */
/** The signed-in Pro user, with the allowance their plan or staff gave them (the accounts module owns it). */
export type RequirePro = (c: Context) => { id: number; search_quota: number };

const PRO_ISSUES: IssueVocabulary = {
  fields: {
    ...COMMON_ISSUES.fields,
    invalid_cnk: PRO_MESSAGES.invalidCnk,
    too_many_cnks: PRO_MESSAGES.tooManyCnks,
  },
  missing: COMMON_ISSUES.missing,
};

export function createProRoutes(deps: {
  requirePro: RequirePro;
  prices: ProPricesService;
  repository: ProRepository;
  catalogue: Pick<CatalogueLookup, 'verdict' | 'byCnk' | 'version'>;
  log: Logger;
  now: () => number;
  /** Marks the CNKs of synced groups wanted by the market store (none: nothing kept warm). */
  want?: (cnks: readonly string[]) => void;
  /** How often an open Pro tool pulls, told to the device in each sync answer (PRO_PULL_EVERY_S). */
  pullEverySeconds: number;
}): Hono {
  const app = new Hono();

  app.post('/pro/prices/', async (c) => {
    const user = deps.requirePro(c);
    const { cnks, lang, live } = await parseJsonBody(c, proPricesRequestSchema, PRO_ISSUES);
    // Before the stream opens, so a batch that does not fit gets a plain 429 answer.
    const reservation = deps.prices.reserve(user, cnks);
    c.header('X-Accel-Buffering', 'no');
    return streamPrivateSSE(c, async (stream) => {
      const stop = new AbortController();
      stream.onAbort(() => stop.abort());
      let chain: Promise<unknown> = Promise.resolve();
      const write = (event: string, data: unknown) => {
        if (stream.aborted || stream.closed) return;
        chain = chain.then(() => stream.writeSSE({ event, data: JSON.stringify(data) }));
      };
      const onProduct = (event: ProProductEvent) => write('product', event);
      const done = await deps.prices.priceAll(user, reservation, onProduct, stop.signal, lang, live);
      write('done', done);
      await chain;
    });
  });

  // This month's use of the allowance, shown in the tool before an analysis (pro_usage, docs/architecture.md#pro-allowance).
  app.get('/pro/usage/', (c) => {
    const { quota, used, resetsOn } = deps.prices.allowance(deps.requirePro(c));
    c.header('Cache-Control', 'no-store');
    return c.json({ quota, used, resetsOn });
  });

  // What an analysis of these CNKs would cost now (ADR 208): shown before it runs. A POST because a
  // group's CNKs do not fit in a URL; it reads only.
  app.post('/pro/usage/cost/', async (c) => {
    const user = deps.requirePro(c);
    const { cnks } = await parseJsonBody(c, proCostRequestSchema, PRO_ISSUES);
    c.header('Cache-Control', 'no-store');
    return c.json(deps.prices.cost(user, cnks));
  });

  // The official catalogue's facts for an import's or a group's CNKs (docs/decisions/161): read only,
  // no shop asked, nothing charged. A POST because a group's CNKs do not fit in a URL.
  app.post('/pro/catalogue/', async (c) => {
    deps.requirePro(c);
    const { cnks, lang } = await parseJsonBody(c, proCatalogueRequestSchema, PRO_ISSUES);
    c.header('Cache-Control', 'no-store');
    return c.json(catalogueFacts(deps.catalogue, cnks, lang));
  });

  app.post('/groups/sync/', async (c) => {
    const user = deps.requirePro(c);
    const request = await parseJsonBody(c, groupSyncRequestSchema, {
      ...PRO_ISSUES,
      fields: { ...PRO_ISSUES.fields, required: PRO_MESSAGES.groupNameRequired },
    });
    const { pullEverySeconds, want } = deps;
    return c.json(
      syncGroups(deps.repository, user.id, request, deps.now(), { pullEverySeconds, ...(want ? { want } : {}) }),
    );
  });

  return app;
}
