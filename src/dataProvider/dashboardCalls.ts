// The admin's dashboard: one GET of every figure.
import type { AdminDashboard } from '../../contract/dashboard';
import { getJson } from './http';
import type { PortalDataProvider } from './types';

export function dashboardCalls(): Pick<PortalDataProvider, 'getAdminDashboard'> {
  return {
    getAdminDashboard() {
      return getJson<AdminDashboard>('admin/dashboard');
    },
  };
}
