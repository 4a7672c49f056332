import { proCostSchema, type ProCost } from '@pharmaradar/shared/pro.schema';
import { api } from '../../lib/api/client';

/** What pricing `cnks` now would take from the monthly allowance (POST /api/pro/usage/cost/, ADR 208). */
export function fetchProCost(cnks: readonly string[], signal?: AbortSignal): Promise<ProCost> {
  return api.post('/pro/usage/cost/', { cnks }, { schema: proCostSchema, ...(signal ? { signal } : {}) });
}
