/**
 * Per-user memory of the payment provider's answers for the two read endpoints (subscription details
 * and check-subscription): concurrent callers share one provider round, later callers within `ttlMs`
 * get the remembered answer. Anything that changes the subscription (a webhook, cancel, resume,
 * deletion) forgets the user's entries, so the page never shows a state older than the last change.
 */
export function createProviderReads(options: { ttlMs: number; now: () => number }) {
  const entries = new Map<string, { at: number; value: unknown }>();
  const pending = new Map<string, Promise<unknown>>();
  /** Bumped on every invalidation: a read started before it must not be remembered after it. */
  const generations = new Map<number, number>();

  const keyOf = (kind: string, userId: number) => `${userId}:${kind}`;

  return {
    async read<T>(kind: string, userId: number, fetch: () => Promise<T>): Promise<T> {
      const key = keyOf(kind, userId);
      const hit = entries.get(key);
      if (hit && options.now() - hit.at < options.ttlMs) return hit.value as T;
      const shared = pending.get(key);
      if (shared) return shared as Promise<T>;
      const generation = generations.get(userId) ?? 0;
      const run = fetch().then((value) => {
        if ((generations.get(userId) ?? 0) === generation) entries.set(key, { at: options.now(), value });
        return value;
      });
      pending.set(key, run);
      try {
        return await run;
      } finally {
        if (pending.get(key) === run) pending.delete(key);
      }
    },

    invalidate(userId: number): void {
      generations.set(userId, (generations.get(userId) ?? 0) + 1);
      for (const key of [...entries.keys(), ...pending.keys()]) {
        if (key.startsWith(`${userId}:`)) {
          entries.delete(key);
          pending.delete(key);
        }
      }
      // Entries expire on their own; keep the maps from growing with users who never come back.
      if (entries.size > 10_000) {
        const at = options.now();
        for (const [key, entry] of entries) if (at - entry.at >= options.ttlMs) entries.delete(key);
      }
    },
  };
}

export type ProviderReads = ReturnType<typeof createProviderReads>;
