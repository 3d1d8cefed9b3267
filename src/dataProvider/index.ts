// The portal's dataProvider: react-admin's CRUD verbs over ra-data-simple-rest at each resource's API path
// (crud.ts), and the app-specific calls of PortalDataProvider (docs/api.md), one file per domain.
import { accountCalls } from './accountCalls';
import { acmeCalls } from './acmeCalls';
import { adminCalls } from './adminCalls';
import { billingCalls } from './billingCalls';
import { certificateCalls } from './certificateCalls';
import { certificateGetList } from './certificateLists';
import { createCrud } from './crud';
import { dashboardCalls } from './dashboardCalls';
import { delegateCalls } from './delegateCalls';
import { numberCalls } from './numberCalls';
import { withProviderParts } from './providerParts';
import { resellerCalls } from './resellerCalls';
import { stiScaCalls, stiScaGetList } from './stiScaCalls';
import type { PortalDataProvider } from './types';

export {
  API_URL,
  NETWORK_ERROR_EVENT,
  NETWORK_ERROR_MESSAGE,
  createHttpError,
  httpClient,
  isPortalHttpError,
} from './http';
export { RESOURCE_CONFIG, resourcePath } from './resources';
export type { PortalDataProvider, PortalHttpError, RegisterPayload } from './types';

export function createDataProvider(): PortalDataProvider {
  const crud = createCrud();
  const admin = adminCalls();
  const certificates = certificateCalls();
  const stiScas = stiScaCalls();
  return {
    ...crud,
    // the lists under one provider are read by reference to it (providerParts.ts)
    getManyReference: withProviderParts(crud.getManyReference, admin.providerRows),
    // the keys', certificates' and STI-SCAs' lists go through their own calls (certificateLists.ts, stiScaCalls.ts)
    getList: (resource, params) =>
      certificateGetList(certificates, resource, params) ??
      stiScaGetList(stiScas, resource, params) ??
      crud.getList(resource, params),
    ...accountCalls(),
    ...billingCalls(),
    ...certificates,
    ...stiScas,
    ...delegateCalls(),
    ...acmeCalls(),
    ...numberCalls(),
    ...resellerCalls(),
    // the admin's provider screens
    ...admin,
    ...dashboardCalls(),
  };
}

export const dataProvider: PortalDataProvider = createDataProvider();

export default dataProvider;
