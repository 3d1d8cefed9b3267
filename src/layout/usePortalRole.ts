// The signed-in role: react-admin's permissions (computed from the token), the token itself while they load.
import { usePermissions } from 'react-admin';
import { roleOf, type Role } from '../../contract/constants';
import { readSession } from '../authProvider/session';

export function usePortalRole(): Role | null {
  const { permissions } = usePermissions<Role | null>();
  if (permissions) return roleOf(permissions);
  const session = readSession();
  return session.status === 'signed-in' ? session.role : null;
}
