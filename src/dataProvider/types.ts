// The app-specific calls beside ra-data-simple-rest's CRUD verbs, typed once and used through
// useDataProvider<PortalDataProvider>().
import type { DataProvider } from 'react-admin';
import type {
  AvailabilityResponse,
  LoginResponse,
  ServiceProviderProfile,
} from '../../contract/api';

export interface RegisterPayload {
  /** Every registration field of SPEC.md §3, as strings. */
  fields: Record<string, string>;
  /** The drawn signature as PNG; sent as a file part named sign_file with file name sign.png. */
  signature: Blob;
}

export interface PortalDataProvider extends DataProvider {
  checkAvailability(params: { email: string; ocn: string }): Promise<AvailabilityResponse>;
  register(payload: RegisterPayload): Promise<{ service_provider_uuid: string }>;
  resendConfirmationEmail(email: string): Promise<{ message: string }>;
  confirmEmail(token: string): Promise<{ message: string }>;
  forgotPassword(email: string): Promise<{ message: string }>;
  setNewPassword(params: { token: string; password: string; password_extra: string }): Promise<{ message: string }>;
  validateResellerCode(code: string): Promise<{ isValid: boolean }>;
  getProfile(): Promise<ServiceProviderProfile>;
  /** GET /api/reseller: the reseller's own profile, with its promo code `url_token`. */
  getResellerProfile(): Promise<ResellerProfile>;
  /** GET /api/payment/old_subscription_invoice: the payment page of the open past-due invoice. */
  getPastDuePaymentUrl(serviceProviderUuid: string): Promise<{ url: string }>;
}

export type { LoginResponse };

/** GET /api/reseller (API.md): the fields the web app relies on; the server may send more. */
export interface ResellerProfile {
  id?: string;
  name?: string;
  email?: string;
  company_name?: string;
  url_token: string;
  [field: string]: unknown;
}

/** What a failed call rejects with: the server's `message`, its status, and its body. */
export interface PortalHttpError extends Error {
  status: number;
  body?: {
    message?: string;
    errors?: Record<string, string>;
    service_provider_uuid?: string;
    url?: string;
  };
}
