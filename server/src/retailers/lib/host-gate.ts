// Per-host concurrency cap: at most `limit` requests in flight to one retailer host, others wait in
// FIFO order. A waiter whose signal aborts leaves the queue so it never takes a slot.
export class HostGate {
  private active = 0;
  private readonly waiters: Array<{ grant: () => void }> = [];

  constructor(private readonly limit: number) {}

  acquire(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        grant: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  release(): void {
    const next = this.waiters.shift();
    // The slot passes straight to the next waiter, so `active` stays the same.
    if (next) next.grant();
    else this.active--;
  }
}
