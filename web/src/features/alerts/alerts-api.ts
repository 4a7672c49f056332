import {
  alertListSchema,
  alertPreferencesSchema,
  alertSchema,
  type Alert,
  type AlertPreferences,
  type CreateAlertInput,
} from '@pharmaradar/shared/alerts.schema';
import { api } from '../../lib/api/client';

// Price alerts of the logged-in user: set on the product page, listed and deleted on the account page.

export async function listAlerts(): Promise<Alert[]> {
  return (await api.get('/alerts/', { schema: alertListSchema })).alerts;
}

export function createAlert(input: CreateAlertInput): Promise<Alert> {
  return api.post('/alerts/create/', input, { schema: alertSchema });
}

export async function deleteAlert(id: number): Promise<void> {
  await api.delete(`/alerts/${id}/`);
}

/** Whether alerts also go by e-mail; the server refuses `false` (`no_channel`) while no device has push on. */
export async function readAlertPreferences(): Promise<AlertPreferences> {
  return api.get('/alerts/preferences/', { schema: alertPreferencesSchema });
}

export function saveAlertPreferences(preferences: AlertPreferences): Promise<AlertPreferences> {
  return api.put('/alerts/preferences/', preferences, { schema: alertPreferencesSchema });
}
