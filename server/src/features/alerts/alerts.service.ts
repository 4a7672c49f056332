import { LOCALES, type Locale } from '@pharmaradar/shared/locales';
import type { Alert, AlertPreferences, CreateAlertInput } from '@pharmaradar/shared/alerts.schema';
import type { PushPayload } from '@pharmaradar/shared/push.schema';
import { MAX_ALERTS_PER_USER } from '@pharmaradar/shared/alerts.schema';
import { productNameFromHeading } from '@pharmaradar/shared/product-landing';
import { HttpError } from '../../lib/http-error';
import { shopDisplayName } from '../../retailers/shop-names';
import type { Logger } from '../../lib/log';
import type { Mailer } from '../../lib/mailer';
import { ALERTS_MESSAGES } from './alerts.messages';
import { ALERT_MAIL_TEXTS } from './alerts.mail-texts';
import { ALERT_PUSH_TEXTS } from './alerts.push-texts';
import type { AlertRow, AlertsRepository } from './alerts.repository';

/** The lowest price of a product now, all shops together (app.ts: through the price search). */
export interface AlertPrices {
  lowestPrice(cnk: string): Promise<{ price: number; retailer: string } | null>;
}

/** Signed, stateless unsubscribe tokens (app.ts: the accounts' signed-token helper). */
export interface UnsubscribeTokens {
  make(state: string): string;
  check(state: string, token: string): boolean;
}

/** Where an alert's mail goes: null for a closed account (its alerts go with it). */
export interface AlertRecipients {
  /** `locale`: the user's stored language (their push messages speak it). */
  contactOf(userId: number): { email: string; first_name: string; locale?: Locale } | null;
}

/** Push to the user's devices (the push feature's port; app.ts wires it). */
export interface AlertPush {
  deviceCount(userId: number): number;
  /**
   * One message per device of the user for this firing, queued once whatever the number of calls;
   * answers how many devices it goes to (0: none has push on).
   */
  queue(userId: number, firing: string, payload: string, topic: string): number;
  /** Sends what is queued now. */
  deliver(): Promise<unknown>;
}

export interface AlertsServiceDeps {
  repository: AlertsRepository;
  /** True when the official catalogue never offers the pack (ADR 157): no alert on it, none fires. */
  excluded: (cnk: string) => boolean;
  prices: AlertPrices;
  tokens: UnsubscribeTokens;
  recipients: AlertRecipients;
  mailer: Mailer;
  push: AlertPush;
  /** The path of the product's page in a language (its landing slug), null when it has none yet. */
  productPath: (cnk: string, locale: Locale) => string | null;
  publicUrl: string;
  checksPerHour: number;
  /** RETAILER_NAMES: the names of shops read only from a feed. */
  shopNames?: Readonly<Record<string, string | undefined>>;
  now: () => number;
  log: Logger;
}

/** The shop as people know it ("Medi-Market"), never its internal id. */
export const retailerDisplayName = (id: string, names?: Readonly<Record<string, string | undefined>>) =>
  shopDisplayName(id, names);

/** The product's own name, even from an alert whose (older) client sent the page heading. */
export const productNameOf = productNameFromHeading;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function serializeAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    cnk: row.cnk,
    product_name: productNameOf(row.product_name),
    kind: row.kind,
    target_price: row.target_price,
    last_price: row.last_price,
    created_at: iso(row.created_at)!,
    last_checked_at: iso(row.last_checked_at),
    notified_at: iso(row.notified_at),
  };
}

/** What a token vouches for: the alert itself, so it dies with the alert (a new alert has a new id). */
const tokenState = (row: AlertRow) => `${row.id}:${row.user_id}:${row.cnk}:${row.kind}:${row.created_at}`;

/**
 * One firing of an alert: the alert (its id and creation time: an id SQLite reuses is another alert)
 * and the state it fires from, the last time it fired. A check that fires and fails to mail leaves
 * that state as it was, so its retry is the same firing; a firing that went out moves notified_at on.
 */
export const firingOf = (row: AlertRow) => `${row.id}:${row.created_at}:${row.notified_at ?? 0}`;

export type CheckOutcome = { crossed: 0 | 1; last_price: number | null; mail: boolean };

/**
 * One alert against the price found now. 'below' mails when the price is at or under the target and
 * was not at the last check, once, and re-arms when it goes back above; a target the price already
 * meets therefore mails at the first check (ADR 155). 'drop' takes the first check as its baseline and
 * mails whenever the price is lower than at the last check.
 */
export function evaluateAlert(row: AlertRow, price: number | null): CheckOutcome {
  if (price === null) return { crossed: row.crossed, last_price: row.last_price, mail: false };
  const first = row.last_checked_at === null;
  if (row.kind === 'below') {
    const under = price <= row.target_price! ? 1 : 0;
    return { crossed: under, last_price: price, mail: under === 1 && row.crossed === 0 };
  }
  return { crossed: 0, last_price: price, mail: !first && row.last_price !== null && price < row.last_price };
}

function formatEuro(value: number, locale: Locale): string {
  return new Intl.NumberFormat(`${locale}-BE`, { style: 'currency', currency: 'EUR' }).format(value);
}

export function createAlertsService(deps: AlertsServiceDeps) {
  const log = deps.log.child({ feature: 'alerts' });
  /** When products were re-checked in the last hour: each check asks every shop once at most. */
  const recentChecks: number[] = [];
  let running: Promise<{ checked: number; mailed: number; pushed: number }> | null = null;

  const homePath = (origin: string, locale: Locale, cnk: string) =>
    `${origin}${locale === 'fr' ? '' : `/${locale}`}/?q=${cnk}`;
  const unsubscribeUrl = (row: AlertRow) =>
    `${deps.publicUrl}/api/alerts/unsubscribe/?${new URLSearchParams({ id: String(row.id), token: deps.tokens.make(tokenState(row)) })}`;

  async function mail(row: AlertRow, to: { email: string }, price: number, retailer: string): Promise<boolean> {
    const text = ALERT_MAIL_TEXTS[row.locale];
    const values: Record<string, string> = {
      product: productNameOf(row.product_name),
      price: formatEuro(price, row.locale),
      target: row.target_price === null ? '' : formatEuro(row.target_price, row.locale),
      retailer: retailerDisplayName(retailer, deps.shopNames),
      link: homePath(deps.publicUrl, row.locale, row.cnk),
      unsubscribe: unsubscribeUrl(row),
    };
    const fill = (t: string) => t.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');
    const body = [
      fill(row.kind === 'below' ? text.below : text.drop),
      fill(text.where),
      fill(text.unsubscribe),
      text.footer,
    ];
    try {
      await deps.mailer.send({ to: to.email, subject: fill(text.subject), text: body.join('\n\n') });
      return true;
    } catch (error) {
      log.error('alert mail failed', { alert: row.id, error });
      return false;
    }
  }

  /**
   * Tells the user an alert fired: a push message to each device (queued once per firing, however
   * often a check runs for it) and the mail, unless the user turned mail off and a device has push, so
   * an alert always reaches someone. `delivered` false (the mail failed) leaves the alert as it was:
   * the next check is the same firing again, mailed again and not pushed twice.
   */
  async function notify(row: AlertRow, price: number, retailer: string) {
    const to = deps.recipients.contactOf(row.user_id);
    if (!to) return { delivered: false, mailed: false, pushed: 0 };
    const locale = to.locale ?? row.locale;
    const values = {
      product: productNameOf(row.product_name),
      price: formatEuro(price, locale),
      retailer: retailerDisplayName(retailer, deps.shopNames),
    };
    const text = ALERT_PUSH_TEXTS[locale];
    const fill = (t: string) => t.replace(/\{(\w+)\}/g, (_, k: keyof typeof values) => values[k] ?? '');
    const payload: PushPayload = {
      title: fill(text.title),
      body: fill(text.body),
      url: deps.productPath(row.cnk, locale) ?? homePath('', locale, row.cnk),
      tag: `alert-${row.cnk}`,
    };
    const pushed = deps.push.queue(row.user_id, firingOf(row), JSON.stringify(payload), payload.tag);
    if (pushed > 0 && !deps.repository.emailOn(row.user_id)) return { delivered: true, mailed: false, pushed };
    const mailed = await mail(row, to, price, retailer);
    return { delivered: mailed, mailed, pushed };
  }

  async function checkProduct(cnk: string): Promise<{ mailed: number; pushed: number }> {
    let lowest: { price: number; retailer: string } | null;
    try {
      // An excluded pack has no price to tell anyone about; it is still marked checked, so it does not
      // come first in every pass.
      lowest = deps.excluded(cnk) ? null : await deps.prices.lowestPrice(cnk);
    } catch (error) {
      log.warn('alert price check failed', { cnk, error });
      return { mailed: 0, pushed: 0 };
    }
    let mailed = 0;
    let pushed = 0;
    for (const row of deps.repository.forCnk(cnk)) {
      const outcome = evaluateAlert(row, lowest?.price ?? null);
      const told = outcome.mail && lowest ? await notify(row, lowest.price, lowest.retailer) : null;
      const sent = told?.delivered ?? false;
      if (told?.mailed) mailed += 1;
      pushed += told?.pushed ?? 0;
      // A mail that could not go out leaves the alert as it was, so the next check tries again.
      const keep = outcome.mail && !sent;
      deps.repository.saveCheck({
        id: row.id,
        last_price: keep ? row.last_price : outcome.last_price,
        crossed: keep ? row.crossed : outcome.crossed,
        last_checked_at: deps.now(),
        notified_at: sent ? deps.now() : null,
      });
    }
    return { mailed, pushed };
  }

  return {
    list: (userId: number) => deps.repository.listForUser(userId).map(serializeAlert),

    create(userId: number, input: CreateAlertInput, locale: Locale): Alert {
      if (deps.repository.countForUser(userId) >= MAX_ALERTS_PER_USER)
        throw new HttpError(409, 'too_many_alerts', ALERTS_MESSAGES.tooMany);
      if (deps.excluded(input.cnk)) throw new HttpError(422, 'product_not_offered', ALERTS_MESSAGES.notOffered);
      const row = deps.repository.upsert(
        {
          user_id: userId,
          cnk: input.cnk,
          product_name: productNameOf(input.product_name),
          kind: input.kind,
          target_price: input.kind === 'below' ? Math.round(input.target_price! * 100) / 100 : null,
          locale: LOCALES.includes(locale) ? locale : 'fr',
        },
        deps.now(),
      );
      return serializeAlert(row);
    },

    preferences: (userId: number): AlertPreferences => ({ email: deps.repository.emailOn(userId) }),

    /** E-mail off only with a device that has push on: an alert always reaches someone. */
    setPreferences(userId: number, input: AlertPreferences): AlertPreferences {
      if (!input.email && deps.push.deviceCount(userId) === 0)
        throw new HttpError(409, 'no_channel', ALERTS_MESSAGES.noChannel);
      deps.repository.setEmail(userId, input.email);
      return { email: input.email };
    },

    remove(userId: number, id: number): void {
      if (!deps.repository.deleteOwn(id, userId)) throw new HttpError(404, 'not_found', ALERTS_MESSAGES.notFound);
    },

    /** The one-click unsubscribe: the alert it names when the token is right, deleted; else null. */
    unsubscribe(id: number, token: string): AlertRow | null {
      const row = deps.repository.findById(id);
      if (!row || !deps.tokens.check(tokenState(row), token)) return null;
      deps.repository.deleteById(id);
      return row;
    },

    /**
     * One pass of the scheduled job: re-checks the products with alerts, those checked longest ago
     * first, within the hourly cap; mails once per crossing. Passes never overlap.
     */
    runChecks(): Promise<{ checked: number; mailed: number; pushed: number }> {
      running ??= (async () => {
        const hourAgo = deps.now() - 3600_000;
        while (recentChecks.length && recentChecks[0]! <= hourAgo) recentChecks.shift();
        const budget = deps.checksPerHour - recentChecks.length;
        const cnks = budget > 0 ? deps.repository.dueCnks(budget) : [];
        let mailed = 0;
        let pushed = 0;
        for (const cnk of cnks) {
          recentChecks.push(deps.now());
          const told = await checkProduct(cnk);
          mailed += told.mailed;
          pushed += told.pushed;
        }
        if (cnks.length) log.info('alerts checked', { products: cnks.length, mailed, pushed });
        // The messages go now, not at the delivery job's next round (it retries what fails).
        if (pushed > 0) await deps.push.deliver();
        return { checked: cnks.length, mailed, pushed };
      })().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
