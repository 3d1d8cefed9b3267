// Resellers over HTTP: the admin's reseller management and the signed-in reseller's own pages. Parse, authorize
// (the role matrix through `access`), call one service function, answer. Response schemas are allow-lists.
import type { FastifyInstance } from 'fastify';
import {
  RESELLER_MESSAGES,
  companyInviteSchema,
  resellerCreateSchema,
  resellerUpdateSchema,
} from '../../../contract/resellers';
import { bodyOf, jsonBody } from '../http/body';
import { access, currentUser } from '../http/guard';
import { listRoute } from '../http/listRoute';
import { messageResponse } from '../http/responses';
import {
  createReseller,
  listResellers,
  resendInvitation,
  rotatePromoCode,
  showReseller,
  updateReseller,
  type ResellerDeps,
} from './admin';
import { COMPANIES_LIST, INVITES_LIST, PAYMENTS_LIST, RESELLERS_LIST } from './lists';
import {
  inviteCompany,
  listCompanies,
  listInvites,
  listPayments,
  resellerProfile,
  showCompany,
} from './portal';
import { Type } from '../../../contract/wire/kit';
import { ById } from '../../../contract/wire/params';
import {
  ResellerCompanyDetails,
  ResellerCompanyRow,
  ResellerInviteRow,
  ResellerPaymentRow,
  ResellerRow,
} from '../../../contract/wire/resellers';

declare module 'fastify' {
  interface FastifySchema {
    /** What the route does, for readers of the route table (and OpenAPI generators, which read this key). */
    description?: string;
  }
}

type WithId = { Params: ById };

/** The config of a route of one reseller: what it does, and its answer for an id it does not find. */
const ofReseller = <C extends object>(config: C) => ({
  ...config,
  notFound: RESELLER_MESSAGES.resellerNotFound,
});

/** /api/admin/reseller…: the admin's resellers. */
export async function adminResellerRoutes(app: FastifyInstance, deps: ResellerDeps) {
  listRoute(app, {
    path: '/api/admin/reseller/list',
    access: access('resellers', 'list'),
    spec: RESELLERS_LIST,
    resource: 'resellers',
    response: Type.Array(ResellerRow),
    rows: (_request, list) => listResellers(deps, list),
  });

  app.post(
    '/api/admin/reseller/create',
    {
      config: { ...access('resellers', 'create'), idempotent: true, ...jsonBody(resellerCreateSchema) },
      schema: { response: { 201: ResellerRow } },
    },
    async (request, reply) => {
      const input = await bodyOf(request, resellerCreateSchema);
      return reply.status(201).send(await createReseller(deps, input));
    },
  );

  app.get<WithId>(
    '/api/admin/reseller/:id',
    {
      config: ofReseller(access('resellers', 'show')),
      schema: { params: ById, response: { 200: ResellerRow } },
    },
    async (request) => showReseller(deps, request.params.id),
  );

  app.put<WithId>(
    '/api/admin/reseller/:id',
    {
      config: ofReseller({
        ...access('resellers', 'edit'),
        ...jsonBody(resellerUpdateSchema, { optional: true }),
      }),
      schema: { params: ById, response: { 200: ResellerRow } },
    },
    async (request) => {
      const input = await bodyOf(request, resellerUpdateSchema);
      return updateReseller(deps, request.params.id, input);
    },
  );

  app.post<WithId>(
    '/api/admin/reseller/:id/rotate_token',
    {
      config: ofReseller({ ...access('resellers', 'edit'), idempotent: true }),
      schema: {
        description:
          'Gives the reseller a new promo code (url_token). Sign-up links with the old code stop working at once.',
        params: ById,
        response: { 200: ResellerRow },
      },
    },
    async (request) => rotatePromoCode(deps, request.params.id),
  );

  app.post<WithId>(
    '/api/admin/reseller/:id/invite',
    {
      config: ofReseller({ ...access('resellers', 'edit'), idempotent: true }),
      schema: {
        description: 'Sends the invitation mail again to a reseller who has not chosen a password yet.',
        params: ById,
        response: { 200: messageResponse },
      },
    },
    async (request) => resendInvitation(deps, request.params.id),
  );
}

/** /api/reseller…: the signed-in reseller's profile, companies, invitations and payments. */
export async function resellerPortalRoutes(app: FastifyInstance, deps: ResellerDeps) {
  app.get(
    '/api/reseller',
    { config: access('reseller-profile', 'show'), schema: { response: { 200: ResellerRow } } },
    async (request) => resellerProfile(deps, currentUser(request)),
  );

  listRoute(app, {
    path: '/api/reseller/service_provider',
    access: access('reseller-companies', 'list'),
    spec: COMPANIES_LIST,
    paramOffset: 1,
    resource: 'reseller-companies',
    response: Type.Array(ResellerCompanyRow),
    rows: (request, list) => listCompanies(deps, currentUser(request), list),
  });

  listRoute(app, {
    path: '/api/reseller/service_provider/invite',
    access: access('reseller-invites', 'list'),
    spec: INVITES_LIST,
    paramOffset: 1,
    resource: 'reseller-invites',
    response: Type.Array(ResellerInviteRow),
    rows: (request, list) => listInvites(deps, currentUser(request), list),
  });

  app.post(
    '/api/reseller/service_provider/invite',
    {
      // one mail per call: limited like the other routes that send mail
      config: {
        ...access('reseller-companies', 'invite'),
        idempotent: true,
        rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' },
        ...jsonBody(companyInviteSchema),
      },
      schema: { response: { 201: ResellerInviteRow } },
    },
    async (request, reply) => {
      const input = await bodyOf(request, companyInviteSchema);
      return reply.status(201).send(await inviteCompany(deps, currentUser(request), input));
    },
  );

  app.get<WithId>(
    '/api/reseller/service_provider/:id',
    {
      config: { ...access('reseller-companies', 'show'), notFound: RESELLER_MESSAGES.companyNotFound },
      schema: { params: ById, response: { 200: ResellerCompanyDetails } },
    },
    async (request) => showCompany(deps, currentUser(request), request.params.id),
  );

  listRoute(app, {
    path: '/api/reseller/users/payment',
    access: access('reseller-payments', 'list'),
    spec: PAYMENTS_LIST,
    paramOffset: 1,
    resource: 'reseller-payments',
    response: Type.Array(ResellerPaymentRow),
    rows: (request, list) => listPayments(deps, currentUser(request), list),
  });
}
