import { isLocale, type Locale } from '@pharmaradar/shared/locales';
import { type RetailerHealth } from '@pharmaradar/shared/admin.schema';
import type { Logger } from '../../lib/log';
import type { Mailer } from '../../lib/mailer';
import { shopDisplayName } from '../../retailers/shop-names';
import {
  ALARM_WINDOW_MS,
  evidenceOf,
  FEED_REFUSED,
  judge,
  judgeFeed,
  type AlarmEvidence,
  type AlarmMail,
} from './retailer-alarm.policy';
import type { RetailerAlarmRepository, RetailerAlarmRow, StaffRecipient } from './retailer-alarm.repository';
import { RETAILER_ALARM_MAIL_TEXTS, type RetailerAlarmMailText } from './retailer-alarm.mail-texts';

export interface RetailerAlarmDeps {
  repo: RetailerAlarmRepository;
  mailer: Mailer;
  /** The real clock (the job's), not the demo clock. */
  now: () => number;
  log: Logger;
  /** PUBLIC_URL: the mail links to /admin. */
  publicUrl: string;
  /** RETAILER_NAMES: the names of shops read only from a feed. */
  shopNames?: Readonly<Record<string, string | undefined>>;
}

type Pending = { kind: AlarmMail; state: RetailerAlarmRow; evidence: AlarmEvidence };

function formatTime(ms: number, locale: Locale): string {
  return new Intl.DateTimeFormat(`${locale}-BE`, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Brussels',
  }).format(ms);
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The mail of one verdict in one staff member's language. */
export function alarmMail(
  pending: Pending,
  locale: Locale,
  publicUrl: string,
  shopNames?: Readonly<Record<string, string | undefined>>,
): { subject: string; text: string } {
  const text: RetailerAlarmMailText = RETAILER_ALARM_MAIL_TEXTS[locale];
  const { state, evidence } = pending;
  const error = state.error as keyof RetailerAlarmMailText['kinds'] | null;
  const values = {
    shop: shopDisplayName(state.retailer, shopNames),
    since: formatTime(state.failing_since!, locale),
    failed: String(evidence.failed),
    answered: String(evidence.calls - evidence.failed),
    calls: String(evidence.calls),
    kind: error ? (text.kinds[error] ?? error) : '—',
    reason: state.reason ?? '—',
    link: `${publicUrl}${locale === 'fr' ? '' : `/${locale}`}/admin`,
  };
  const failing = pending.kind === 'failing';
  // A refused feed is one event with its own reason, not a share of failed calls.
  const body =
    state.error === FEED_REFUSED
      ? [fill(failing ? text.feedFailing : text.feedRecovered, values), fill(text.follow, values), text.footer]
      : [
          fill(failing ? text.failing : text.recovered, values),
          fill(text.cause, values),
          fill(text.follow, values),
          text.footer,
        ];
  return { subject: fill(failing ? text.failingSubject : text.recoveredSubject, values), text: body.join('\n\n') };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The health rows with, for each failing shop, since when and why (what /admin shows). */
export function withAlarms(retailers: RetailerHealth[], states: readonly RetailerAlarmRow[]): RetailerHealth[] {
  const failing = new Map(states.filter((s) => s.failing_since !== null).map((s) => [s.retailer, s]));
  return retailers.map((health) => {
    const state = failing.get(health.retailer);
    if (!state) return health;
    const mailed = state.last_alarm_at !== null && state.last_alarm_at >= state.failing_since!;
    return {
      ...health,
      failing: {
        since: iso(state.failing_since)!,
        error: state.error,
        reason: state.reason,
        mailed_at: mailed ? iso(state.last_alarm_at) : null,
      },
    };
  });
}

/**
 * The shop alarm's check (docs/decisions/136): judges every shop on the last hour of recorded calls,
 * stores the verdicts, then mails staff. The state is written before the mails go, so a run that
 * overlaps or follows can never mail the same episode twice; a mail that fails is logged (the state
 * on /admin still shows the failure). Runs one at a time: a call while one runs joins it.
 */
export function createRetailerAlarm(deps: RetailerAlarmDeps) {
  const { repo, log } = deps;
  let running: Promise<number> | null = null;

  const check = async (): Promise<number> => {
    const now = deps.now();
    const evidence = evidenceOf(repo.callsBetween(now - ALARM_WINDOW_MS, now));
    const states = new Map(repo.states().map((s) => [s.retailer, s]));
    const feeds = repo.feedAttempts();
    const changes: RetailerAlarmRow[] = [];
    const mails: Pending[] = [];
    for (const retailer of new Set([...evidence.keys(), ...states.keys(), ...feeds.keys()])) {
      const state = states.get(retailer);
      const verdict =
        judgeFeed(retailer, state, feeds.get(retailer), now) ?? judge(retailer, state, evidence.get(retailer), now);
      if (verdict.next) changes.push(verdict.next);
      if (verdict.mail) mails.push(verdict.mail);
    }
    if (changes.length > 0) repo.saveStates(changes);
    if (mails.length === 0) return 0;
    const staff: StaffRecipient[] = repo.staff();
    let sent = 0;
    for (const pending of mails) {
      log.warn(pending.kind === 'failing' ? 'retailer failing' : 'retailer recovered', {
        retailer: pending.state.retailer,
        error: pending.state.error,
        calls: pending.evidence.calls,
        failed: pending.evidence.failed,
        staff: staff.length,
      });
      for (const to of staff) {
        const locale = isLocale(to.locale) ? to.locale : 'fr';
        try {
          await deps.mailer.send({ to: to.email, ...alarmMail(pending, locale, deps.publicUrl, deps.shopNames) });
          sent += 1;
        } catch (error) {
          log.error('retailer alarm mail failed', { retailer: pending.state.retailer, error });
        }
      }
    }
    return sent;
  };

  return {
    /** One run; resolves with the number of mails sent. */
    run(): Promise<number> {
      running ??= check().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
