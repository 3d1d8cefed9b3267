// Shapes on the wire (API.md). snake_case as SPEC.md has it.
import type { Role } from './constants';

/** The claims of the JWT the server signs. */
export interface TokenClaims {
  sub: string;
  type: Role;
  exp: number;
  iat?: number;
  email: string;
  first_name: string;
  last_name: string;
  company_name?: string;
  service_provider_uuid?: string;
  reseller_id?: string;
}

/** GET /api/service_provider: every user field of SPEC.md §3. */
export interface ServiceProviderProfile {
  service_provider_uuid: string;
  type: 'service-provider';
  first_name: string;
  last_name: string;
  company_name: string;
  printed_name: string | null;
  ocn: string;
  email: string;
  phone_number: string;
  title: string;
  address: string;
  address2: string | null;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  filer_id: string | null;
  frn_number: string | null;
  is_active: boolean;
  is_confirmed: boolean;
  subscription_started_on: string | null;
  subscription_expired_on: string | null;
  auto_charge: boolean;
  created_on: string;
}

export interface SessionUser {
  id: string;
  type: Role;
  email: string;
  first_name: string;
  last_name: string;
  company_name?: string;
  service_provider_uuid?: string;
}

export interface LoginResponse {
  token: string;
  user: SessionUser;
}

/** Body of every 4xx/5xx answer. */
export interface ApiError {
  statusCode: number;
  error: string;
  message: string;
  errors?: Record<string, string>;
  service_provider_uuid?: string;
  url?: string;
}

export interface AvailabilityResponse {
  isOcnExists: boolean;
  isEmailExists: boolean;
}
