// The admin's routes over HTTP: the provider list, the details, the actions (PATCH for activation and the reseller,
// resend confirmation, grant extension, revoke a certificate), the resellers of the assignment dropdown, and the
// lists (list protocol): a provider's change log, certificates, keys and imports; every payment and invoice (a
// reseller lists its companies' invoices on the same route); the CA audit log, read-only. Parse, authorize (the
// guard and the role matrix), call a service, answer.
import type { FastifyInstance } from 'fastify';
import { extensionSchema, providerPatchSchema } from '../../../contract/admin';
import { validate } from '../../../contract/schemas';
import { revokeCertificateSchema } from '../../../contract/certificates';
import { anyInvoiceFile } from '../billing/invoices';
import * as lists from './lists';
import { access, accessOneOf, currentUser } from '../http/guard';
import { parseListQuery, sendList, type ListSpec } from '../http/list';
import { fileResponse, messageResponse } from '../http/responses';
import type { AdminDeps } from './deps';
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
  extensionResponse,
  providerCertificatesResponse,
  providerDetailsResponse,
  providerImportsResponse,
  providerKeysResponse,
  providerNumbersResponse,
  providerListResponse,
  resellerOptionsResponse,
} from './responses';

type ById = { Params: { id: string } };

function providerRoutes(app: FastifyInstance, deps: AdminDeps) {
  app.get(
    '/api/admin/service_provider',
    {
      config: access('service-providers', 'list'),
      schema: documented(
        'Providers, list protocol. Filters: q (company, OCN or email contains), status, reseller_id, ' +
          'expiring_within_days (the subscription ends between now and that many days from now).',
        { 200: providerListResponse },
      ),
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, PROVIDERS_LIST, { paramOffset: 1 });
      const { rows, total } = await listProviders(deps, list);
      return sendList(reply, 'service-providers', rows, total, list.range);
    },
  );

  app.get<ById>(
    '/api/admin/service_provider/:id',
    {
      config: access('service-providers', 'show'),
      schema: documented('One provider: profile, subscription, counts.', { 200: providerDetailsResponse }),
    },
    async (request) => providerDetails(deps, request.params.id),
  );

  app.patch<ById>(
    '/api/admin/service_provider/:id',
    {
      config: access('service-providers', 'edit'),
      schema: documented(
        'Activate or deactivate ({is_active}: deactivating signs it out at once), assign ({reseller_id}) or remove ' +
          '({reseller_id: null}) a reseller. Each change is written to the change log. Answers the details.',
        { 200: providerDetailsResponse },
      ),
    },
    async (request) => {
      const patch = await validate(providerPatchSchema, request.body);
      return updateProvider(deps, currentUser(request), request.params.id, patch);
    },
  );
}

function actionRoutes(app: FastifyInstance, deps: AdminDeps) {
  app.post<ById>(
    '/api/admin/service_provider/:id/resend_confirmation_email',
    {
      config: { ...access('service-providers', 'edit'), idempotent: true },
      schema: documented(
        'Sends a new email confirmation link to a provider that has not confirmed yet (409 when it has, ' +
          '422 when it is deactivated). No body. Written to the change log.',
        { 200: messageResponse },
      ),
    },
    async (request) => resendConfirmation(deps, currentUser(request), request.params.id),
  );

  app.post<ById>(
    '/api/admin/service_provider/:id/extension',
    {
      config: { ...access('service-providers', 'extend'), idempotent: true },
      schema: documented(
        'Grants {days (1-366), reason} more days of subscription, free of charge: from the current end, or from ' +
          'today when it has ended. Written to the change log with the reason.',
        { 200: extensionResponse },
      ),
    },
    async (request) => {
      const input = await validate(extensionSchema, request.body);
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

type Page = { rows: unknown[]; total: number };

/** A GET list of one provider's rows at `/api/admin/service_provider/:id/<path>`. */
function providerList(
  app: FastifyInstance,
  deps: AdminDeps,
  route: { path: string; resource: string; spec: ListSpec; response: unknown; description: string },
  load: (deps: AdminDeps, id: string, list: ReturnType<typeof parseListQuery>) => Promise<Page>,
  acl = access('service-providers', 'show'),
) {
  app.get<ById>(
    `/api/admin/service_provider/:id/${route.path}`,
    { config: acl, schema: documented(route.description, { 200: route.response }) },
    async (request, reply) => {
      const list = parseListQuery(request.query, route.spec, { paramOffset: 1 });
      const { rows, total } = await load(deps, request.params.id, list);
      return sendList(reply, route.resource, rows, total, list.range);
    },
  );
}

function providerLists(app: FastifyInstance, deps: AdminDeps) {
  const changeLog = {
    path: 'subscription_change_log',
    resource: 'subscription-change-log',
    spec: CHANGE_LOG_LIST,
    response: changeLogResponse,
    description:
      'The provider’s change log: [{id, created_on, actor, change, from, to, reason}]. Filter: change.',
  };
  providerList(app, deps, changeLog, lists.changeLog, access('subscription-change-log', 'list'));
  const certificates = {
    path: 'certificates',
    resource: 'provider-certificates',
    spec: CERTIFICATES_LIST,
    response: providerCertificatesResponse,
    description: 'The provider’s certificates, every key’s. Filter: status.',
  };
  providerList(app, deps, certificates, lists.providerCertificates);
  const keys = {
    path: 'private_keys',
    resource: 'provider-keys',
    spec: KEYS_LIST,
    response: providerKeysResponse,
    description: 'The provider’s private keys (never the key itself).',
  };
  providerList(app, deps, keys, lists.providerKeys);
  const imports = {
    path: 'tn/import-history',
    resource: 'provider-imports',
    spec: IMPORTS_LIST,
    response: providerImportsResponse,
    description: 'The provider’s number imports.',
  };
  providerList(app, deps, imports, lists.providerImports);
  const numbers = {
    path: 'tn/assigned',
    resource: 'provider-numbers',
    spec: NUMBERS_LIST,
    response: providerNumbersResponse,
    description: 'The provider’s numbers, by number (or created_on); the total is its count of numbers.',
  };
  providerList(app, deps, numbers, lists.providerNumbers);

  app.post<{ Params: { id: string; serial: string } }>(
    '/api/admin/service_provider/:id/certificates/:serial/revoke',
    {
      config: access('service-providers', 'revoke'),
      schema: documented(
        'Revokes one of the provider’s certificates, optionally {reason}: the provider’s own revocation ' +
          '(CRL, STI-PA report, subscriber mail); the audit log names the admin. 409 when already revoked.',
        { 200: messageResponse },
      ),
    },
    async (request) => {
      const input = await validate(revokeCertificateSchema, request.body ?? {});
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

interface GlobalList {
  path: string;
  resource: string;
  acl: ReturnType<typeof access>;
  spec: ListSpec;
  response: unknown;
  description: string;
  load: (deps: AdminDeps, list: ReturnType<typeof parseListQuery>) => Promise<Page>;
}

const GLOBAL_LISTS: GlobalList[] = [
  {
    path: '/api/admin/subscription_change_log',
    resource: 'subscription-change-log',
    acl: access('subscription-change-log', 'list'),
    spec: CHANGE_LOG_LIST,
    response: changeLogResponse,
    description:
      'Every provider’s change log (who did what, when, why). Filters: service_provider_uuid, change.',
    load: lists.allChanges,
  },
  {
    path: '/api/admin/payment',
    resource: 'admin-payments',
    acl: access('admin-payments', 'list'),
    spec: ADMIN_PAYMENTS_LIST,
    response: adminPaymentsResponse,
    description:
      'Every payment with its company. Filters: service_provider_uuid, q (company or transaction).',
    load: lists.payments,
  },
  {
    path: '/api/admin/audit_log',
    resource: 'audit-log',
    acl: access('audit-log', 'list'),
    spec: AUDIT_LIST,
    response: auditLogResponse,
    description:
      'The CA audit log, read-only. Filters: action, service_provider_uuid, q (subject, actor or company), ' +
      'occurred_from and occurred_to (dates, inclusive).',
    load: lists.auditLog,
  },
];

function globalLists(app: FastifyInstance, deps: AdminDeps) {
  for (const route of GLOBAL_LISTS) {
    app.get(
      route.path,
      { config: route.acl, schema: documented(route.description, { 200: route.response }) },
      async (request, reply) => {
        const list = parseListQuery(request.query, route.spec);
        const { rows, total } = await route.load(deps, list);
        return sendList(reply, route.resource, rows, total, list.range);
      },
    );
  }

  app.get(
    '/api/payment/invoices_list',
    {
      config: accessOneOf(['admin-invoices', 'list'], ['reseller-invoices', 'list']),
      schema: documented(
        'Every invoice with its company (admin); a reseller’s companies’ only, without invoice_path (no reseller ' +
          'route serves the PDF). Filters: service_provider_uuid, status, q (company).',
        { 200: adminInvoicesResponse },
      ),
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (user.type === 'reseller') {
        // the reseller's id is bound first: the list's parameters follow it
        const list = parseListQuery(request.query, ADMIN_INVOICES_LIST, { paramOffset: 1 });
        const { rows, total } = await lists.resellerInvoices(deps, user, list);
        return sendList(reply, 'reseller-invoices', rows, total, list.range);
      }
      const list = parseListQuery(request.query, ADMIN_INVOICES_LIST);
      const { rows, total } = await lists.invoices(deps, list);
      return sendList(reply, 'admin-invoices', rows, total, list.range);
    },
  );

  app.get<ById>(
    '/api/admin/invoice/:id/file',
    {
      config: access('admin-invoices', 'download'),
      schema: documented('An invoice’s PDF, any provider’s.', { 200: fileResponse('application/pdf') }),
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

function adminListRoutes(app: FastifyInstance, deps: AdminDeps) {
  providerLists(app, deps);
  globalLists(app, deps);
}

export async function adminRoutes(app: FastifyInstance, deps: AdminDeps): Promise<void> {
  providerRoutes(app, deps);
  actionRoutes(app, deps);
  adminListRoutes(app, deps);
}
