// The admin's routes over HTTP: the provider list, the details, the actions (PATCH for activation and the reseller,
// resend confirmation, grant extension, revoke a certificate), the resellers of the assignment dropdown, and the
// lists (list protocol): a provider's change log, certificates, keys and imports; every payment and invoice (a
// reseller lists its companies' invoices on the same route); the CA audit log, read-only; every provider's STI-SCAs
// and delegate certificates (a reseller's providers' on a route of its own). Parse, authorize (the
// guard and the role matrix), call a service, answer.
import type { FastifyInstance } from 'fastify';
import { ADMIN_MESSAGES, extensionSchema, providerPatchSchema } from '../../../contract/admin';
import { BILLING_MESSAGES } from '../billing/plans';
import { ProviderSerialParams } from '../../../contract/wire/admin';
import { ListQuerystring } from '../../../contract/wire/list';
import { ById } from '../../../contract/wire/params';
import { revokeCertificateSchema } from '../../../contract/certificates';
import { anyInvoiceFile } from '../billing/invoices';
import * as lists from './lists';
import { bodyOf, jsonBody } from '../http/body';
import { access, accessOneOf, currentUser } from '../http/guard';
import { type ListQuery, parseListQuery } from '../http/list';
import { type JsonPage, sendJsonPage } from '../http/jsonPage';
import { type ListRoute, listRoute } from '../http/listRoute';
import { fileResponse, messageResponse } from '../http/responses';
import type { AdminDeps } from './deps';
import { adminDelegates, DELEGATES_LIST, resellerDelegates } from './delegateList';
import { documented } from './documented';
import {
  ADMIN_INVOICES_LIST,
  ADMIN_PAYMENTS_LIST,
  AUDIT_LIST,
  CERTIFICATES_LIST,
  CHANGE_LOG_LIST,
  IMPORTS_LIST,
  KEYS_LIST,
  NUMBERS_LIST,
  PROVIDERS_LIST,
} from './listSpecs';
import {
  grantExtension,
  listProviders,
  providerDetails,
  resellerOptions,
  resendConfirmation,
  updateProvider,
} from './providers';
import {
  adminInvoicesResponse,
  adminPaymentsResponse,
  auditLogResponse,
  changeLogResponse,
  delegatesResponse,
  extensionResponse,
  providerCertificatesResponse,
  providerDetailsResponse,
  providerImportsResponse,
  providerKeysResponse,
  providerNumbersResponse,
  providerListResponse,
  resellerOptionsResponse,
} from './responses';

type WithId = { Params: ById };

/** The config of a route of one provider: what it does, and its answer for an id it does not find. */
const ofProvider = <C extends object>(config: C) => ({
  ...config,
  notFound: ADMIN_MESSAGES.providerNotFound,
});

function providerRoutes(app: FastifyInstance, deps: AdminDeps) {
  listRoute(app, {
    path: '/api/admin/service_provider',
    access: access('service-providers', 'list'),
    spec: PROVIDERS_LIST,
    paramOffset: 1,
    resource: 'service-providers',
    response: providerListResponse,
    description:
      'Providers, list protocol. Filters: q (company, OCN or email contains), status, reseller_id, ' +
      'expiring_within_days (the subscription ends between now and that many days from now).',
    rows: (_request, list) => listProviders(deps, list),
  });

  app.get<WithId>(
    '/api/admin/service_provider/:id',
    {
      config: ofProvider(access('service-providers', 'show')),
      schema: documented(
        'One provider: profile, subscription, counts.',
        { 200: providerDetailsResponse },
        { params: ById },
      ),
    },
    async (request) => providerDetails(deps, request.params.id),
  );

  app.patch<WithId>(
    '/api/admin/service_provider/:id',
    {
      config: ofProvider({ ...access('service-providers', 'edit'), ...jsonBody(providerPatchSchema) }),
      schema: documented(
        'Activate or deactivate ({is_active}: deactivating signs it out at once), assign ({reseller_id}) or remove ' +
          '({reseller_id: null}) a reseller. Each change is written to the change log. Answers the details.',
        { 200: providerDetailsResponse },
        { params: ById },
      ),
    },
    async (request) => {
      const patch = await bodyOf(request, providerPatchSchema);
      return updateProvider(deps, currentUser(request), request.params.id, patch);
    },
  );
}

function actionRoutes(app: FastifyInstance, deps: AdminDeps) {
  app.post<WithId>(
    '/api/admin/service_provider/:id/resend_confirmation_email',
    {
      config: ofProvider({ ...access('service-providers', 'edit'), idempotent: true }),
      schema: documented(
        'Sends a new email confirmation link to a provider that has not confirmed yet (409 when it has, ' +
          '422 when it is deactivated). No body. Written to the change log.',
        { 200: messageResponse },
        { params: ById },
      ),
    },
    async (request) => resendConfirmation(deps, currentUser(request), request.params.id),
  );

  app.post<WithId>(
    '/api/admin/service_provider/:id/extension',
    {
      config: ofProvider({
        ...access('service-providers', 'extend'),
        idempotent: true,
        ...jsonBody(extensionSchema),
      }),
      schema: documented(
        'Grants {days (1-366), reason} more days of subscription, free of charge: from the current end, or from ' +
          'today when it has ended. Written to the change log with the reason.',
        { 200: extensionResponse },
        { params: ById },
      ),
    },
    async (request) => {
      const input = await bodyOf(request, extensionSchema);
      return grantExtension(deps, currentUser(request), request.params.id, input);
    },
  );

  app.get(
    '/api/admin/reseller_options',
    {
      config: access('service-providers', 'edit'),
      schema: documented('The resellers a provider can be assigned to: [{id, name, is_active}].', {
        200: resellerOptionsResponse,
      }),
    },
    async () => resellerOptions(deps),
  );
}

type Rows = { rows: unknown[]; total: number } | JsonPage;
type ProviderRows = (deps: AdminDeps, id: string, list: ListQuery) => Promise<Rows>;

/** A list of one provider's rows at `/api/admin/service_provider/:id/<path>`: `$1` is the provider's id. */
const providerList = (
  app: FastifyInstance,
  deps: AdminDeps,
  route: Omit<ListRoute<WithId>, 'path' | 'access' | 'rows'> & { path: string; rows: ProviderRows },
  acl = access('service-providers', 'show'),
) =>
  listRoute<WithId>(app, {
    ...route,
    path: `/api/admin/service_provider/:id/${route.path}`,
    params: ById,
    notFound: ADMIN_MESSAGES.providerNotFound,
    access: acl,
    paramOffset: 1,
    rows: (request, list) => route.rows(deps, request.params.id, list),
  });

function providerLists(app: FastifyInstance, deps: AdminDeps) {
  const changeLog = {
    path: 'subscription_change_log',
    resource: 'subscription-change-log',
    spec: CHANGE_LOG_LIST,
    response: changeLogResponse,
    description:
      'The provider’s change log: [{id, created_on, actor, change, from, to, reason}]. Filter: change.',
    rows: lists.changeLog,
  };
  providerList(app, deps, changeLog, access('subscription-change-log', 'list'));
  providerList(app, deps, {
    path: 'certificates',
    resource: 'provider-certificates',
    spec: CERTIFICATES_LIST,
    response: providerCertificatesResponse,
    description: 'The provider’s certificates, every key’s. Filter: status.',
    rows: lists.providerCertificates,
  });
  providerList(app, deps, {
    path: 'private_keys',
    resource: 'provider-keys',
    spec: KEYS_LIST,
    response: providerKeysResponse,
    description: 'The provider’s private keys (never the key itself).',
    rows: lists.providerKeys,
  });
  providerList(app, deps, {
    path: 'tn/import-history',
    resource: 'provider-imports',
    spec: IMPORTS_LIST,
    response: providerImportsResponse,
    description: 'The provider’s number imports.',
    rows: lists.providerImports,
  });
  providerList(app, deps, {
    path: 'tn/assigned',
    resource: 'provider-numbers',
    spec: NUMBERS_LIST,
    response: providerNumbersResponse,
    description: 'The provider’s numbers, by number (or created_on); the total is its count of numbers.',
    rows: lists.providerNumbers,
  });

  app.post<{ Params: ProviderSerialParams }>(
    '/api/admin/service_provider/:id/certificates/:serial/revoke',
    {
      config: ofProvider({
        ...access('service-providers', 'revoke'),
        ...jsonBody(revokeCertificateSchema, { optional: true }),
      }),
      schema: documented(
        'Revokes one of the provider’s certificates, optionally {reason}: the provider’s own revocation ' +
          '(CRL, STI-PA report, subscriber mail); the audit log names the admin. 409 when already revoked.',
        { 200: messageResponse },
        { params: ProviderSerialParams },
      ),
    },
    async (request) => {
      const input = await bodyOf(request, revokeCertificateSchema);
      const { id, serial } = request.params;
      await lists.revokeForProvider(
        deps,
        currentUser(request),
        request.ip,
        id,
        serial,
        input.reason ?? 'unspecified',
      );
      return { message: 'Certificate revoked' };
    },
  );
}

function globalLists(app: FastifyInstance, deps: AdminDeps) {
  listRoute(app, {
    path: '/api/admin/subscription_change_log',
    access: access('subscription-change-log', 'list'),
    spec: CHANGE_LOG_LIST,
    resource: 'subscription-change-log',
    response: changeLogResponse,
    description:
      'Every provider’s change log (who did what, when, why). Filters: service_provider_uuid, change.',
    rows: (_request, list) => lists.allChanges(deps, list),
  });
  listRoute(app, {
    path: '/api/admin/payment',
    access: access('admin-payments', 'list'),
    spec: ADMIN_PAYMENTS_LIST,
    resource: 'admin-payments',
    response: adminPaymentsResponse,
    description:
      'Every payment with its company. Filters: service_provider_uuid, q (company or transaction).',
    rows: (_request, list) => lists.payments(deps, list),
  });
  listRoute(app, {
    path: '/api/admin/audit_log',
    access: access('audit-log', 'list'),
    spec: AUDIT_LIST,
    resource: 'audit-log',
    response: auditLogResponse,
    description:
      'The CA audit log, read-only. Filters: action, service_provider_uuid, q (subject, actor or company), ' +
      'occurred_from and occurred_to (dates, inclusive).',
    rows: (_request, list) => lists.auditLog(deps, list),
  });

  app.get(
    '/api/payment/invoices_list',
    {
      config: accessOneOf(['admin-invoices', 'list'], ['reseller-invoices', 'list']),
      schema: documented(
        'Every invoice with its company (admin); a reseller’s companies’ only, without invoice_path (no reseller ' +
          'route serves the PDF). Filters: service_provider_uuid, status, q (company).',
        { 200: adminInvoicesResponse },
        { querystring: ListQuerystring },
      ),
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (user.type === 'reseller') {
        // the reseller's id is bound first: the list's parameters follow it
        const list = parseListQuery(request.query, ADMIN_INVOICES_LIST, { paramOffset: 1 });
        return sendJsonPage(reply, 'reseller-invoices', await lists.resellerInvoices(deps, user, list), list);
      }
      const list = parseListQuery(request.query, ADMIN_INVOICES_LIST);
      return sendJsonPage(reply, 'admin-invoices', await lists.invoices(deps, list), list);
    },
  );

  app.get<WithId>(
    '/api/admin/invoice/:id/file',
    {
      config: { ...access('admin-invoices', 'download'), notFound: BILLING_MESSAGES.invoiceNotFound },
      schema: documented(
        'An invoice’s PDF, any provider’s.',
        { 200: fileResponse('application/pdf') },
        { params: ById },
      ),
    },
    async (request, reply) => {
      const file = await anyInvoiceFile(deps.billing, request.params.id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${file.filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(file.pdf);
    },
  );
}

const DELEGATE_FILTERS =
  'Filters: q (company or OCN contains), service_provider_uuid, kind (sti_sca, delegate), status ' +
  '(current, replaced, expired, revoked, pending, failed).';

/** Every provider's STI-SCAs and delegate certificates (admin), a reseller's providers' (reseller). */
function delegateListRoutes(app: FastifyInstance, deps: AdminDeps) {
  listRoute(app, {
    path: '/api/admin/delegate_certificates',
    access: access('admin-delegates', 'list'),
    spec: DELEGATES_LIST,
    paramOffset: 1,
    resource: 'admin-delegates',
    response: delegatesResponse,
    description: `Every provider’s STI-SCAs and delegate certificates. ${DELEGATE_FILTERS}`,
    rows: (_request, list) => adminDelegates(deps, list),
  });
  listRoute(app, {
    path: '/api/reseller/delegate_certificates',
    access: access('reseller-delegates', 'list'),
    spec: DELEGATES_LIST,
    paramOffset: 2,
    resource: 'reseller-delegates',
    response: delegatesResponse,
    description: `The STI-SCAs and delegate certificates of the reseller’s providers. ${DELEGATE_FILTERS}`,
    rows: (request, list) => resellerDelegates(deps, currentUser(request), list),
  });
}

function adminListRoutes(app: FastifyInstance, deps: AdminDeps) {
  providerLists(app, deps);
  globalLists(app, deps);
  delegateListRoutes(app, deps);
}

export async function adminRoutes(app: FastifyInstance, deps: AdminDeps): Promise<void> {
  providerRoutes(app, deps);
  actionRoutes(app, deps);
  adminListRoutes(app, deps);
}
