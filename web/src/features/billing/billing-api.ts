import { subscriptionResponseSchema } from '@pharmaradar/shared/billing.schema';
import { userResponseSchema } from '@pharmaradar/shared/user.schema';
import { api } from '../../lib/api/client';

export { goTo, openPortal, startCheckout } from './checkout';

export const checkSubscription = () => api.get('/billing/check-subscription/', { schema: userResponseSchema });
export const loadSubscription = () => api.get('/billing/subscription/', { schema: subscriptionResponseSchema });
export const cancelSubscription = () => api.post('/billing/cancel/');
export const resumeSubscription = () => api.post('/billing/resume/');
