import type {
  AdminCatalogueResponse,
  AdminFeedsResponse,
  AdminMarketResponse,
  AdminMessagesResponse,
  AdminSetPlan,
  AdminUser,
  AdminUserQuery,
  AdminUsersResponse,
  AuditLogResponse,
  RetailerCheckResponse,
  RetailerHealthResponse,
  SearchStats,
} from '@pharmaradar/shared/admin.schema';
import { api } from '../../lib/api/client';

/** The staff admin API (/api/admin/*); every call answers 404 to anyone but staff. */
export const adminApi = {
  users: (query: AdminUserQuery) =>
    api.get<AdminUsersResponse>(`/admin/users/?${new URLSearchParams({ ...query }).toString()}`),
  setPlan: (id: number, body: AdminSetPlan) => api.post<{ user: AdminUser }>(`/admin/users/${id}/plan/`, body),
  setStaff: (id: number, isStaff: boolean) =>
    api.post<{ user: AdminUser }>(`/admin/users/${id}/staff/`, { is_staff: isStaff }),
  messages: () => api.get<AdminMessagesResponse>('/admin/messages/'),
  health: () => api.get<RetailerHealthResponse>('/admin/retailers/health/'),
  latestCheck: () => api.get<RetailerCheckResponse>('/admin/retailers/check/'),
  runCheck: () => api.post<RetailerCheckResponse>('/admin/retailers/check/run/'),
  searchStats: () => api.get<SearchStats>('/admin/search-stats/'),
  audit: () => api.get<AuditLogResponse>('/admin/audit/'),
  catalogue: () => api.get<AdminCatalogueResponse>('/admin/catalogue/'),
  feeds: () => api.get<AdminFeedsResponse>('/admin/feeds/'),
  market: () => api.get<AdminMarketResponse>('/admin/market/'),
};
