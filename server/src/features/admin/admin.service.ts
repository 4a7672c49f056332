import { planOf } from '@pharmaradar/shared/billing.schema';
import {
  type AdminMessage,
  type AdminSetPlan,
  type AdminUser,
  type AdminUserQuery,
  type AuditEntry,
  type RetailerCheckRun,
  type RetailerProbe,
} from '@pharmaradar/shared/admin.schema';
import { type Plan } from '@pharmaradar/shared/current-user';
import { HttpError } from '../../lib/http-error';
import type { Logger } from '../../lib/log';
import { ADMIN_MESSAGES as M } from './admin.messages';
import { USER_PAGE, type AdminRepository, type AdminUserRow } from './admin.repository';
import type { SearchActivityRepository } from './search-activity.repository';

/** The staff member acting (from the session, via RequireStaff). */
export interface Actor {
  id: number | null;
  email: string;
}

/** What the admin needs from billing (app.ts wires the billing repository's staff grant). */
export interface PlanGrants {
  setGrant(userId: number, grant: 'pro' | 'ultra' | null, until: number | null): void;
}

/** The retailer check on the server's own connectors (app.ts wires retailers/retailers-check.ts). */
export type RetailersCheck = () => Promise<{ results: RetailerProbe[]; ok: boolean }>;

export interface AdminServiceDeps {
  repo: AdminRepository;
  activity: SearchActivityRepository;
  plans: PlanGrants;
  checkRetailers: RetailersCheck;
  now: () => number;
  log: Logger;
}

const iso = (ms: number | null): string | null => (ms === null || ms === 0 ? null : new Date(ms).toISOString());

/** The grant ends at the end of its last day in Brussels (as `npm run plan`, jobs/plan-args.ts). */
export function grantEnd(day: string): number {
  return Date.parse(`${day}T23:59:59+02:00`);
}

export function toAdminUser(row: AdminUserRow, now: number): AdminUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    plan: planOf(row, now),
    plan_grant: row.plan_grant,
    pro_until: row.plan_grant === null ? null : iso(row.pro_until),
    subscription_status: row.subscription_status,
    is_staff: row.is_staff === 1,
    closed: row.closed_at !== null,
    date_joined: new Date(row.date_joined).toISOString(),
    last_seen: iso(row.last_seen),
  };
}

export function createAdminService(deps: AdminServiceDeps) {
  const { repo, now, log } = deps;
  let checking: Promise<RetailerCheckRun> | null = null;

  const liveUser = (id: number): AdminUserRow => {
    const row = repo.findUser(id);
    if (!row || row.closed_at !== null) throw new HttpError(404, 'user_not_found', M.userNotFound);
    return row;
  };

  const latestCheck = (): RetailerCheckRun | null => {
    const row = deps.activity.latestCheck();
    if (!row) return null;
    return {
      at: new Date(row.at).toISOString(),
      source: row.source,
      ok: row.ok === 1,
      results: JSON.parse(row.results_json) as RetailerProbe[],
    };
  };

  return {
    /**
     * Staff reads of personal data are audited too: which accounts were shown (ids, not the search
     * text, which may be an address that an erasure could not find in the log later).
     */
    listUsers(actor: Actor, query: AdminUserQuery): AdminUser[] {
      const at = now();
      const users = repo.searchUsers(query).map((row) => toAdminUser(row, at));
      const shown = (query.plan ? users.filter((u) => u.plan === query.plan) : users).slice(0, USER_PAGE);
      repo.addAudit({
        at,
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'list_users',
        targetEmail: null,
        details: {
          searched: query.q !== '',
          plan: query.plan || null,
          sort: query.sort,
          count: shown.length,
          user_ids: shown.map((u) => u.id).join(' '),
        },
      });
      return shown;
    },

    /** docs/product.md#audience-and-plans Ultra provisioning (and Pro without Stripe), the same grant as `npm run plan`. */
    setPlan(actor: Actor, userId: number, input: AdminSetPlan): AdminUser {
      const until = input.plan === 'free' || input.until === null ? null : grantEnd(input.until);
      if (until !== null && until <= now()) throw new HttpError(400, 'date_past', M.datePast);
      const user = liveUser(userId);
      const grant: Exclude<Plan, 'free'> | null = input.plan === 'free' ? null : input.plan;
      repo.writeTransaction(() => {
        deps.plans.setGrant(user.id, grant, until);
        repo.addAudit({
          at: now(),
          actorId: actor.id,
          actorEmail: actor.email,
          action: 'set_plan',
          targetEmail: user.email,
          details: { plan: input.plan, until: input.plan === 'free' ? null : input.until, before: planOf(user, now()) },
        });
      });
      log.info('staff set plan', { actor: actor.id, user: user.id, plan: input.plan });
      return toAdminUser(liveUser(userId), now());
    },

    setStaff(actor: Actor, userId: number, staff: boolean): AdminUser {
      const user = liveUser(userId);
      // The last way back in would otherwise be the command line.
      if (!staff && user.id === actor.id) throw new HttpError(409, 'cannot_unstaff_self', M.cannotUnstaffSelf);
      repo.writeTransaction(() => {
        repo.setStaff(user.id, staff, now());
        repo.addAudit({
          at: now(),
          actorId: actor.id,
          actorEmail: actor.email,
          action: 'set_staff',
          targetEmail: user.email,
          details: { is_staff: staff },
        });
      });
      log.info('staff flag changed', { actor: actor.id, user: user.id, is_staff: staff });
      return toAdminUser(liveUser(userId), now());
    },

    listMessages(actor: Actor): AdminMessage[] {
      const rows = repo.listMessages();
      repo.addAudit({
        at: now(),
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'read_messages',
        targetEmail: null,
        details: { count: rows.length, message_ids: rows.map((m) => m.id).join(' ') },
      });
      return rows.map((m) => ({
        id: m.id,
        created_at: new Date(m.created_at).toISOString(),
        name: m.name,
        email: m.email,
        message: m.message,
        locale: m.locale,
        priority: m.priority === 1,
        mail_status: m.mail_status,
      }));
    },

    latestCheck,

    /** One check at a time: a second click while one runs waits for the same run. */
    runCheck(actor: Actor): Promise<RetailerCheckRun> {
      checking ??= (async () => {
        try {
          const { results, ok } = await deps.checkRetailers();
          const at = now();
          repo.writeTransaction(() => {
            deps.activity.saveCheck({ at, source: 'admin', ok: ok ? 1 : 0, results_json: JSON.stringify(results) });
            repo.addAudit({
              at,
              actorId: actor.id,
              actorEmail: actor.email,
              action: 'run_retailers_check',
              targetEmail: null,
              details: { ok },
            });
          });
          return latestCheck()!;
        } finally {
          checking = null;
        }
      })();
      return checking;
    },

    audit(): AuditEntry[] {
      return repo.listAudit().map((row) => ({
        id: row.id,
        at: new Date(row.at).toISOString(),
        actor_email: row.actor_email,
        action: row.action,
        target_email: row.target_email,
        details: JSON.parse(row.details) as Record<string, unknown>,
      }));
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
