import { DEMO_FAULT_KINDS, type DemoFault } from '../config/demo-faults';
import { isRetailerId, type RetailerId } from '../retailers/types';

// The fault kinds are the configuration's (DEMO_FAULTS): one list for env.ts and the demo shops.
export type { DemoFault } from '../config/demo-faults';

/** Clearly different by design so the UI shows retailers arriving one after another. */
export const DEFAULT_DEMO_LATENCY_MS: Record<RetailerId, number> = {
  farmaline: 350,
  medimarket: 1100,
  multipharma: 2000,
  newpharma: 600,
};

function pairs(raw: string, name: string): Array<[RetailerId, string]> {
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [id = '', value = '', ...rest] = part.split(':').map((p) => p.trim());
      if (!isRetailerId(id) || !value || rest.length)
        throw new Error(`${name}: "${part}" is not of the form retailer:value`);
      return [id, value];
    });
}

/** "farmaline:350,medimarket:1100" -> { farmaline: 350, medimarket: 1100 }; throws naming DEMO_LATENCY_MS. */
export function parseDemoLatency(raw: string): Partial<Record<RetailerId, number>> {
  const out: Partial<Record<RetailerId, number>> = {};
  for (const [id, value] of pairs(raw, 'DEMO_LATENCY_MS')) {
    if (!/^\d+$/.test(value) || Number(value) > 120_000)
      throw new Error(`DEMO_LATENCY_MS: "${id}:${value}" needs 0-120000 ms`);
    out[id] = Number(value);
  }
  return out;
}

/** "multipharma:5xx,farmaline:slow" -> { multipharma: '5xx', farmaline: 'slow' }; throws naming DEMO_FAULTS. */
export function parseDemoFaults(raw: string): Partial<Record<RetailerId, DemoFault>> {
  const out: Partial<Record<RetailerId, DemoFault>> = {};
  for (const [id, value] of pairs(raw, 'DEMO_FAULTS')) {
    if (!(DEMO_FAULT_KINDS as readonly string[]).includes(value)) {
      throw new Error(`DEMO_FAULTS: "${id}:${value}" must be one of ${DEMO_FAULT_KINDS.join(', ')}`);
    }
    out[id] = value as DemoFault;
  }
  return out;
}
