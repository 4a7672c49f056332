import type { FeedAttempt, RetailerAlarmRow } from './retailer-alarm.repository';
import type { RetailerCallRecord } from './search-activity.repository';

// When a shop counts as broken, and when staff hear of it (docs/decisions/136).

const HOUR = 3600_000;
/** The failures are judged over the calls of this last stretch of time. */
export const ALARM_WINDOW_MS = HOUR;
/** Fewer calls than this in the window is no evidence either way: the state stays as it is. */
export const ALARM_MIN_CALLS = 10;
/** A shop is failing when at least this share of its calls in the window failed. */
export const ALARM_FAILED_SHARE = 0.5;
/** At most one failure mail per shop in this time (a shop that flaps does not flood the staff). */
export const ALARM_MAIL_GAP_MS = 6 * HOUR;

/** What the window's calls say about one shop. */
export interface AlarmEvidence {
  calls: number;
  failed: number;
  /** The earliest failed call of the window (a new episode is dated from it). */
  firstFailureAt: number | null;
  /** The most frequent failure (the latest on a tie), what the mail and /admin name. */
  error: string | null;
  reason: string | null;
}

export type AlarmMail = 'failing' | 'recovered';

export interface AlarmVerdict {
  /** The state to store, null when nothing changed. */
  next: RetailerAlarmRow | null;
  /** The mail to send to staff, with the state the mail describes. */
  mail: { kind: AlarmMail; state: RetailerAlarmRow; evidence: AlarmEvidence } | null;
}

const answered = (status: string) => status === 'ok' || status === 'empty';

/** The evidence per shop from the window's calls. */
export function evidenceOf(calls: readonly RetailerCallRecord[]): Map<string, AlarmEvidence> {
  const byShop = new Map<string, RetailerCallRecord[]>();
  for (const call of calls) byShop.set(call.retailer, [...(byShop.get(call.retailer) ?? []), call]);
  const evidence = new Map<string, AlarmEvidence>();
  for (const [retailer, list] of byShop) {
    const failures = list.filter((c) => !answered(c.status));
    const kinds = new Map<string, { error: string | null; reason: string | null; count: number; at: number }>();
    for (const call of failures) {
      const error = call.error ?? call.status;
      const key = `${error}\u0000${call.reason ?? ''}`;
      const kind = kinds.get(key) ?? { error, reason: call.reason, count: 0, at: call.at };
      kind.count += 1;
      kind.at = Math.max(kind.at, call.at);
      kinds.set(key, kind);
    }
    const top = [...kinds.values()].sort((a, b) => b.count - a.count || b.at - a.at)[0];
    evidence.set(retailer, {
      calls: list.length,
      failed: failures.length,
      firstFailureAt: failures.length > 0 ? Math.min(...failures.map((c) => c.at)) : null,
      error: top?.error ?? null,
      reason: top?.reason ?? null,
    });
  }
  return evidence;
}

/** The error a feed episode is stored under: it ends when an import is accepted, not by a share of calls. */
export const FEED_REFUSED = 'feed_refused';

const mailedThisEpisode = (state: RetailerAlarmRow) =>
  state.failing_since !== null && state.last_alarm_at !== null && state.last_alarm_at >= state.failing_since;

/**
 * One shop's verdict at `now`. Failing: at least ALARM_MIN_CALLS calls in the window and at least
 * ALARM_FAILED_SHARE of them failed; recovered: as many calls, fewer failures. One failure mail per
 * episode, never two within ALARM_MAIL_GAP_MS (a new episode inside the gap is mailed once the gap is
 * over, if it still holds); a recovery mail only for an episode staff were told of.
 */
export function judge(
  retailer: string,
  state: RetailerAlarmRow | undefined,
  evidence: AlarmEvidence | undefined,
  now: number,
): AlarmVerdict {
  const current = state ?? quietRow(retailer);
  if (!evidence || evidence.calls < ALARM_MIN_CALLS) return { next: null, mail: null };
  const failing = evidence.failed / evidence.calls >= ALARM_FAILED_SHARE;

  if (failing) {
    // A new episode starts at its first failure in the window, never before the last recovery.
    const since = current.failing_since ?? Math.max(evidence.firstFailureAt ?? now, current.recovered_at ?? 0);
    const next: RetailerAlarmRow = { ...current, failing_since: since, error: evidence.error, reason: evidence.reason };
    const gapOver = current.last_alarm_at === null || now - current.last_alarm_at >= ALARM_MAIL_GAP_MS;
    if (mailedThisEpisode(next) || !gapOver) return { next, mail: null };
    next.last_alarm_at = now;
    return { next, mail: { kind: 'failing', state: next, evidence } };
  }

  if (current.failing_since === null) return { next: null, mail: null };
  const next: RetailerAlarmRow = { ...current, failing_since: null, error: null, reason: null, recovered_at: now };
  return { next, mail: mailedThisEpisode(current) ? { kind: 'recovered', state: current, evidence } : null };
}

/** A shop with no alarm state yet: never failing, never mailed. */
const quietRow = (retailer: string): RetailerAlarmRow => ({
  retailer,
  failing_since: null,
  error: null,
  reason: null,
  last_alarm_at: null,
  recovered_at: null,
});

/**
 * A shop's verdict from its feed (docs/decisions/171, 179): the latest import refused makes it failing
 * at once, whatever the calls say (a feed shop answers every search from the stored feed); the next
 * accepted import ends that episode. Null when the feed has nothing to say: the calls decide.
 */
export function judgeFeed(
  retailer: string,
  state: RetailerAlarmRow | undefined,
  attempt: FeedAttempt | undefined,
  now: number,
): AlarmVerdict | null {
  const current = state ?? quietRow(retailer);
  const evidence: AlarmEvidence = {
    calls: 0,
    failed: 0,
    firstFailureAt: attempt?.at ?? null,
    error: FEED_REFUSED,
    reason: attempt?.reason ?? null,
  };
  if (attempt?.refused) {
    const since = current.failing_since ?? Math.max(attempt.at, current.recovered_at ?? 0);
    const next: RetailerAlarmRow = { ...current, failing_since: since, error: FEED_REFUSED, reason: attempt.reason };
    const gapOver = current.last_alarm_at === null || now - current.last_alarm_at >= ALARM_MAIL_GAP_MS;
    if (mailedThisEpisode(next) || !gapOver) {
      const changed = next.failing_since !== current.failing_since || next.reason !== current.reason;
      return { next: changed || current.error !== FEED_REFUSED ? next : null, mail: null };
    }
    next.last_alarm_at = now;
    return { next, mail: { kind: 'failing', state: next, evidence } };
  }
  if (current.failing_since === null || current.error !== FEED_REFUSED) return null;
  const next: RetailerAlarmRow = { ...current, failing_since: null, error: null, reason: null, recovered_at: now };
  return { next, mail: mailedThisEpisode(current) ? { kind: 'recovered', state: current, evidence } : null };
}
