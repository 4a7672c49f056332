import { describe, expect, it } from 'vitest';
import { ALARM_MAIL_GAP_MS, evidenceOf, judge, type AlarmEvidence } from './retailer-alarm.policy';
import type { RetailerAlarmRow } from './retailer-alarm.repository';
import type { RetailerCallRecord } from './search-activity.repository';

const HOUR = 3600_000;
const T = Date.UTC(2026, 10, 26, 9);

function calls(failed: number, answered: number, at = T): RetailerCallRecord[] {
  const fail = (i: number): RetailerCallRecord => ({
    retailer: 'farmaline',
    at: at + i,
    status: 'blocked',
    error: 'blocked',
    reason: 'robots.txt of shop disallows /search',
    ms: 5,
  });
  const ok = (i: number): RetailerCallRecord => ({
    retailer: 'farmaline',
    at: at + failed + i,
    status: 'ok',
    error: null,
    reason: null,
    ms: 5,
  });
  return [...Array.from({ length: failed }, (_, i) => fail(i)), ...Array.from({ length: answered }, (_, i) => ok(i))];
}

const evidence = (failed: number, answered: number, at = T): AlarmEvidence =>
  evidenceOf(calls(failed, answered, at)).get('farmaline')!;

/** Runs the verdicts one after another as the job would, returning the mails. */
function run(steps: Array<[number, AlarmEvidence]>): Array<[number, string]> {
  let state: RetailerAlarmRow | undefined;
  const mails: Array<[number, string]> = [];
  for (const [now, seen] of steps) {
    const verdict = judge('farmaline', state, seen, now);
    if (verdict.next) state = verdict.next;
    if (verdict.mail) mails.push([now, verdict.mail.kind]);
  }
  return mails;
}

describe('the shop alarm policy', () => {
  it('needs ten calls, half of them failed', () => {
    expect(run([[T, evidence(9, 0)]])).toEqual([]);
    expect(run([[T, evidence(5, 5)]])).toEqual([[T, 'failing']]);
    expect(run([[T, evidence(4, 6)]])).toEqual([]);
  });

  it('names the most frequent failure and dates the episode from its first failure', () => {
    const mixed = [
      ...calls(6, 0),
      { retailer: 'farmaline', at: T - 5, status: 'timeout', error: 'timeout', reason: 'too slow', ms: 9 },
    ];
    const seen = evidenceOf(mixed).get('farmaline')!;
    expect(seen).toMatchObject({ calls: 7, failed: 7, firstFailureAt: T - 5, error: 'blocked' });
    expect(judge('farmaline', undefined, { ...seen, calls: 10 }, T + HOUR).next).toMatchObject({
      failing_since: T - 5,
      reason: 'robots.txt of shop disallows /search',
    });
  });

  it('keeps a flapping shop to one failure mail in six hours, and mails a new episode once the gap is over', () => {
    const mails = run([
      [T, evidence(10, 0)],
      [T + HOUR, evidence(0, 10)],
      [T + 2 * HOUR, evidence(10, 0)],
      // The second episode was never mailed: its recovery is not mailed either.
      [T + 3 * HOUR, evidence(0, 10)],
      [T + 4 * HOUR, evidence(10, 0)],
      [T + ALARM_MAIL_GAP_MS - 1, evidence(10, 0)],
      [T + ALARM_MAIL_GAP_MS, evidence(10, 0)],
      [T + ALARM_MAIL_GAP_MS + HOUR, evidence(10, 0)],
      [T + ALARM_MAIL_GAP_MS + 2 * HOUR, evidence(0, 10)],
    ]);
    expect(mails).toEqual([
      [T, 'failing'],
      [T + HOUR, 'recovered'],
      [T + ALARM_MAIL_GAP_MS, 'failing'],
      [T + ALARM_MAIL_GAP_MS + 2 * HOUR, 'recovered'],
    ]);
  });

  it('changes nothing on too few calls, whichever way they went', () => {
    expect(
      run([
        [T, evidence(10, 0)],
        [T + HOUR, evidence(0, 9)],
        [T + 2 * HOUR, evidence(0, 10)],
      ]),
    ).toEqual([
      [T, 'failing'],
      [T + 2 * HOUR, 'recovered'],
    ]);
  });
});
