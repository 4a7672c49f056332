/**
 * Pace of verification-code mails per address, whoever asks (issue 8.4, docs/decisions/101): one a
 * minute while the address got fewer than five in the last hour, then one every ten minutes. There is
 * no allowance to use up, so a stranger asking again and again from many connections keeps the owner
 * from the next code for ten minutes at most, and the mailbox gets about ten codes an hour at worst.
 */
const HOUR_MS = 3600 * 1000;
const CALM_GAP_MS = 60 * 1000;
const BUSY_GAP_MS = 10 * 60 * 1000;
const CALM_PER_HOUR = 5;
const PRUNE_ABOVE = 10_000;

export interface PaceResult {
  allowed: boolean;
  /** Seconds until the next code may go out (>= 1 when refused). */
  retryAfterSeconds: number;
  /** The gap that applies now (for the RateLimit-Policy window). */
  gapMs: number;
}

export function createCodePacing(now: () => number) {
  /** address → send times within the last hour, oldest first. */
  const sent = new Map<string, number[]>();

  const prune = (at: number) => {
    if (sent.size < PRUNE_ABOVE) return;
    for (const [email, times] of sent) if (at - (times[times.length - 1] ?? 0) >= HOUR_MS) sent.delete(email);
  };

  const recentFor = (email: string, at: number) => (sent.get(email) ?? []).filter((t) => at - t < HOUR_MS);

  return {
    /** Whether a code may be mailed to `email` now (nothing is counted). */
    check(email: string): PaceResult {
      const at = now();
      const recent = recentFor(email, at);
      const gapMs = recent.length >= CALM_PER_HOUR ? BUSY_GAP_MS : CALM_GAP_MS;
      const last = recent[recent.length - 1];
      if (last !== undefined && at - last < gapMs) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((last + gapMs - at) / 1000)), gapMs };
      }
      return { allowed: true, retryAfterSeconds: 0, gapMs };
    },
    /** A code mail to `email` goes out now. */
    record(email: string): void {
      const at = now();
      prune(at);
      const recent = recentFor(email, at);
      recent.push(at);
      sent.set(email, recent);
    },
  };
}

export type CodePacing = ReturnType<typeof createCodePacing>;
