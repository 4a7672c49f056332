import type { ServerUser } from '@pharmaradar/shared/user.schema';
import type { Leases } from '../../db/leases.repository';
import type { Logger } from '../../lib/log';
import type { BillingRepository } from './billing.repository';
import type { StripeGateway } from './stripe-gateway';

/** What billing needs from the accounts feature, handed over by app.ts (features never import each other). */
export interface BillingUsers {
  /** The `user` object of /api/auth/me/ for this id (null once the account is gone). */
  serialize(userId: number): ServerUser | null;
}

export interface BillingServiceDeps {
  repo: BillingRepository;
  gateway: StripeGateway;
  users: BillingUsers;
  publicUrl: string;
  now: () => number;
  log: Logger;
  /** How long a user's provider answers are reused (ms; 0 = never), on `realNow`. */
  readCacheMs?: number;
  /** The wall clock of caches and paces: the demo clock never moves them. */
  realNow?: () => number;
  /**
   * Leases shared by the server processes (WEB_CONCURRENCY): one webhook per customer at a time
   * across all of them, not only within this one (ADR 177).
   */
  leases?: Leases;
}
