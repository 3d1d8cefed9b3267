// The role matrix: which role may do what on which resource. One table, read by the web app's canAccess
// (to hide what a role cannot do) and by the server's guard (every /api route names its resource and action).
import { roleOf, type Role } from './constants';

/** The standard react-admin actions plus the portal's own verbs. */
export const ACTIONS = [
  'list',
  'show',
  'create',
  'edit',
  'delete',
  'export',
  'download',
  'renew',
  'revoke',
  'invite',
  'extend',
] as const;
export type Action = (typeof ACTIONS)[number];

/** Resource names, as the web app's dataProvider knows them (each maps to one API path). */
export const RESOURCES = [
  'account',
  'subscription',
  'cards',
  'payments',
  'invoices',
  'imports',
  'numbers',
  'private-keys',
  'certificates',
  'reseller-profile',
  'reseller-companies',
  'reseller-payments',
  // the companies a reseller invited by email, sent or registered
  'reseller-invites',
  // the invoices of a reseller's companies: read through the API only, no page of the web app
  'reseller-invoices',
  'resellers',
  'service-providers',
  'subscription-change-log',
  'admin-payments',
  'admin-invoices',
  // the admin's import of numbers on a provider's behalf
  'number-imports',
  // the admin's home: the figures of the whole portal
  'dashboard',
  // the signed-in user's own session: logout (delete), password change (edit); every role holds it
  'session',
  // the CA audit log, read-only
  'audit-log',
  // ACME: the provider's External Account Binding credentials
  'acme-credentials',
  // the provider's STI-SCA, the subordinate CA the portal hosts for it (docs/delegates.md); no page yet
  'sti-scas',
  // the delegate certificates the provider's STI-SCA signs for its customers (docs/delegates.md)
  'delegates',
  // every provider's STI-SCAs and delegate certificates, for the admin
  'admin-delegates',
  // the STI-SCAs and delegate certificates of a reseller's providers
  'reseller-delegates',
  // the live delegate certificates that cover numbers their provider no longer holds, every provider's
  'delegate-coverage',
  // the API's OpenAPI document, where the server serves it to admins only (API_DOCS=admin, production's default)
  'api-docs',
] as const;
export type Resource = (typeof RESOURCES)[number];

type Matrix = Record<Role, Partial<Record<Resource, readonly Action[]>>>;

/** Resources per role, and the actions allowed on each. Anything not listed is refused. */
export const ACCESS_MATRIX: Matrix = {
  'service-provider': {
    account: ['show', 'edit'],
    subscription: ['show', 'edit', 'extend'],
    cards: ['show', 'create', 'edit'],
    payments: ['list', 'show', 'export'],
    invoices: ['list', 'show', 'download', 'export'],
    imports: ['list', 'show', 'create'],
    numbers: ['list', 'show', 'export', 'delete'],
    'private-keys': ['list', 'show', 'create', 'delete', 'download'],
    certificates: ['list', 'show', 'create', 'renew', 'revoke'],
    session: ['edit', 'delete'],
    'acme-credentials': ['list', 'create', 'delete', 'export'],
    'sti-scas': ['list', 'show', 'create', 'renew', 'revoke'],
    delegates: ['list', 'show', 'create', 'renew', 'revoke', 'export'],
  },
  reseller: {
    'reseller-profile': ['show'],
    'reseller-companies': ['list', 'show', 'invite', 'export'],
    'reseller-payments': ['list', 'show', 'export'],
    'reseller-invites': ['list', 'export'],
    // its companies' invoices through GET /api/payment/invoices_list (docs/api.md); no page of the web app
    'reseller-invoices': ['list'],
    'reseller-delegates': ['list', 'export'],
    session: ['edit', 'delete'],
  },
  admin: {
    dashboard: ['show'],
    resellers: ['list', 'show', 'create', 'edit', 'export'],
    // extend: grant an extension; revoke: one of the provider's certificates
    'service-providers': ['list', 'show', 'edit', 'export', 'extend', 'revoke'],
    'subscription-change-log': ['list'],
    'admin-payments': ['list', 'show', 'export'],
    'admin-invoices': ['list', 'show', 'download', 'export'],
    // the admin imports on a provider's behalf through its own route; the provider's import route is not theirs
    'number-imports': ['create'],
    session: ['edit', 'delete'],
    'audit-log': ['list', 'export'],
    'admin-delegates': ['list', 'export'],
    'delegate-coverage': ['list'],
    'api-docs': ['show'],
  },
};

export interface AccessRequest<R extends Record<string, unknown> = Record<string, unknown>> {
  action: string;
  resource: string;
  record?: R;
}

/** A certificate whose CR URL was never created has no actions; view, renew and revoke need a serial number. */
const NOT_CREATED = 'not created';

function recordAllows(
  resource: string,
  action: string,
  record: Record<string, unknown> | undefined,
): boolean {
  if (!record) return true;
  if (resource === 'certificates' && (action === 'show' || action === 'renew' || action === 'revoke')) {
    const serial = record.serial_number;
    if (typeof serial !== 'string' || serial.trim() === '') return false;
    if (record.cr_path === NOT_CREATED) return false;
  }
  return true;
}

/**
 * May `role` perform `action` on `resource` (and, when given, on that record)?
 * Pure: no I/O, no clock. A role outside the three known ones counts as a service provider;
 * a missing role (nobody signed in) may do nothing.
 */
export function canAccess(role: Role | string | null | undefined, request: AccessRequest): boolean {
  if (role === null || role === undefined || role === '') return false;
  const matrix = ACCESS_MATRIX[roleOf(role)];
  // own properties only: a resource named like an Object.prototype member is just unknown
  if (!Object.prototype.hasOwnProperty.call(matrix, request.resource)) return false;
  const allowed = matrix[request.resource as Resource];
  if (!Array.isArray(allowed) || !allowed.includes(request.action as Action)) return false;
  return recordAllows(request.resource, request.action, request.record);
}

/**
 * What one route admits: an access, or several when roles reach the route through resources of their own (the
 * invoice list: the admin's every invoice, a reseller's its companies'). Any one of them admits.
 */
export type AccessRule = AccessRequest | readonly AccessRequest[];

export function canAccessAny(role: Role | string | null | undefined, rule: AccessRule): boolean {
  const requests: readonly AccessRequest[] = Array.isArray(rule) ? rule : [rule as AccessRequest];
  return requests.some((request) => canAccess(role, request));
}

/** The resources a role can list (the web app shows those of them that have a page). */
export function resourcesOf(role: Role): Resource[] {
  return (Object.entries(ACCESS_MATRIX[role]) as [Resource, readonly Action[]][])
    .filter(([, actions]) => actions.includes('list'))
    .map(([resource]) => resource);
}
