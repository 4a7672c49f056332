import { nearbyResponseSchema, type NearbyResponse } from '@pharmaradar/shared/pharmacies.schema';
import { z } from 'zod';
import { readStored, writeStored } from '../../lib/web-storage';

/** localStorage key of the last nearby answer (shown, with its time, when the network is gone). */
export const LAST_ANSWER_KEY = 'pe_nearby_last';

const savedSchema = z.object({ answer: nearbyResponseSchema, savedAt: z.number() });
export type SavedAnswer = z.infer<typeof savedSchema>;

/**
 * Keeps the pharmacies and their distances, not the user's position: the list is what is useful
 * offline, and the device need not remember where its owner was.
 */
export function saveLastAnswer(answer: NearbyResponse, now = Date.now()): SavedAnswer {
  const saved = { answer, savedAt: now };
  // Storage full or disabled (private mode): the answer still shows, it just is not kept.
  writeStored(LAST_ANSWER_KEY, JSON.stringify(saved));
  return saved;
}

export function loadLastAnswer(): SavedAnswer | null {
  const raw = readStored(LAST_ANSWER_KEY);
  if (!raw) return null;
  try {
    const parsed = savedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
