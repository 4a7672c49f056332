import { alertListSchema, alertSchema, type Alert, type CreateAlertInput } from '@pharmaradar/shared/alerts.schema';
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
