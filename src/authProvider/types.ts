// The portal's authProvider as the pages use it: react-admin's AuthProvider with typed login, identity and
// permissions, and a way to forget the cached profile.
import type { AuthProvider, UserIdentity } from 'react-admin';
import type { Role } from '../../contract/constants';
import type { ResellerProfile, ServiceProviderProfile } from '../../contract/api';

export interface LoginParams {
  email: string;
  password: string;
  remember?: boolean;
}

export interface PortalIdentity extends UserIdentity {
  id: string;
  fullName: string;
  role: Role;
  email: string;
  first_name: string;
  last_name: string;
  company_name?: string;
  service_provider_uuid?: string;
  /** The profile of a service provider (GET /api/service_provider) or a reseller (GET /api/reseller); none for admins. */
  profile: ServiceProviderProfile | ResellerProfile | null;
  /** Why the profile could not be loaded, when it could not. */
  profileError?: string;
}

export interface PortalAuthProvider extends AuthProvider {
  login(params: LoginParams): Promise<{ redirectTo: string }>;
  getIdentity(): Promise<PortalIdentity>;
  getPermissions(): Promise<Role | null>;
  /** Forget the cached profile so the next getIdentity reloads it (after a payment, an extension...). */
  invalidateProfile(): void;
}
