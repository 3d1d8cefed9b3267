// Sign-in, registration, emailed links and the provider profile over HTTP: parse, authorize, call, answer.
import type { FastifyInstance } from 'fastify';
import {
  availabilityQuerySchema,
  changePasswordSchema,
  profileUpdateSchema,
  forgotPasswordSchema,
  loginSchema,
  linkStatusSchema,
  resendConfirmationSchema,
  registrationSchema,
  setNewPasswordSchema,
  validate,
} from '../../../contract/schemas';
import { bodyOf, formBody, jsonBody } from '../http/body';
import { access, currentUser } from '../http/guard';
import { emptyResponse, messageResponse as message } from '../http/responses';
import {
  AvailabilityQuerystring,
  AvailabilityResponse,
  ConfirmEmailResponse,
  LinkTokenParams,
  LoginResponse,
  RegisterResponse,
  ResellerCodeCheck,
  ResellerCodeParams,
  ServiceProviderProfile,
} from '../../../contract/wire/accounts';
import { readRegistrationForm } from './registrationForm';
import type { AccountDeps } from './deps';
import {
  acceptInvitation,
  checkPasswordLink,
  confirmEmail,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
} from './links';
import { login } from './login';
import { getProfile, updateProfile } from './profile';
import { changePassword, logout, logoutEverywhere } from './sessions';
import { checkAvailability, checkResellerCode, register } from './registration';

// Response schemas are allow-lists (contract/wire/accounts.ts): nothing else (hashes, tokens of links) can reach an
// answer.

type LimitedPublic = { public: true; rateLimit: { max: number; timeWindow: string } };

export async function accountRoutes(app: FastifyInstance, deps: AccountDeps) {
  // Public, and limited per address: these are what password guessing and mail flooding would hammer.
  const limited: LimitedPublic = {
    public: true,
    rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' },
  };

  app.post(
    '/api/auth/login',
    { config: { ...limited, ...jsonBody(loginSchema) }, schema: { response: { 200: LoginResponse } } },
    async (request) => {
      const input = await bodyOf(request, loginSchema);
      return login(deps, input, { userAgent: request.headers['user-agent'], ip: request.ip });
    },
  );

  app.post(
    '/api/auth/register',
    {
      config: { ...limited, ...formBody(registrationSchema, ['sign_file']) },
      schema: { response: { 201: RegisterResponse } },
    },
    async (request, reply) => {
      const form = await readRegistrationForm(request);
      const created = await register(deps, form.input, form.signature, request.ip);
      return reply.status(201).send(created);
    },
  );

  // Answers whether an email or OCN is registered: limited like sign-in, or it is an enumeration oracle.
  app.get(
    '/api/service_provider/check_availability',
    {
      config: limited,
      schema: { querystring: AvailabilityQuerystring, response: { 200: AvailabilityResponse } },
    },
    async (request) => {
      const query = await validate(availabilityQuerySchema, request.query);
      return checkAvailability(deps, query);
    },
  );

  app.post<{ Params: { code: string } }>(
    '/api/auth/reseller_token/:code',
    // the reseller's company is answered for a valid code only (registration names it); limited like sign-in
    {
      config: limited,
      schema: { params: ResellerCodeParams, response: { 200: ResellerCodeCheck } },
    },
    async (request) => checkResellerCode(deps, request.params.code),
  );

  app.get(
    '/api/service_provider',
    { config: access('account', 'show'), schema: { response: { 200: ServiceProviderProfile } } },
    async (request) => getProfile(deps, currentUser(request)),
  );
  app.patch(
    '/api/service_provider',
    {
      config: { ...access('account', 'edit'), ...jsonBody(profileUpdateSchema) },
      schema: { response: { 200: ServiceProviderProfile } },
    },
    async (request) => updateProfile(deps, currentUser(request), await bodyOf(request, profileUpdateSchema)),
  );
  await emailedLinkRoutes(app, deps, limited);
  await sessionRoutes(app, deps);
}

/** The signed-in user's session, whatever the role: logout, logout everywhere, password change. */
async function sessionRoutes(app: FastifyInstance, deps: AccountDeps) {
  app.post(
    '/api/auth/logout',
    { config: access('session', 'delete'), schema: { response: { 204: emptyResponse } } },
    async (request, reply) => {
      await logout(deps, currentUser(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/auth/logout_all',
    { config: access('session', 'delete'), schema: { response: { 204: emptyResponse } } },
    async (request, reply) => {
      await logoutEverywhere(deps, currentUser(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/auth/password',
    {
      // limited like the sign-in: a stolen token must not become a way to guess the password
      config: {
        ...access('session', 'edit'),
        rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' },
        ...jsonBody(changePasswordSchema),
      },
      schema: { response: { 200: message } },
    },
    async (request) => {
      const input = await bodyOf(request, changePasswordSchema);
      return changePassword(deps, currentUser(request), input);
    },
  );
}

/** The single-use links of the mails: confirmation, password reset and invitation. */
async function emailedLinkRoutes(app: FastifyInstance, deps: AccountDeps, limited: LimitedPublic) {
  app.post(
    '/api/service_provider/resend_confirmation_email',
    // a mail per call: a repeat with the same Idempotency-Key (a double click, a retry) sends none
    {
      config: { ...limited, idempotent: true, ...jsonBody(resendConfirmationSchema) },
      schema: { response: { 200: message } },
    },
    async (request) => {
      const input = await bodyOf(request, resendConfirmationSchema);
      return resendConfirmation(deps, input);
    },
  );

  app.post<{ Params: { token: string } }>(
    '/api/service_provider/confirm/:token',
    {
      config: limited,
      schema: { params: LinkTokenParams, response: { 200: ConfirmEmailResponse } },
    },
    async (request) => confirmEmail(deps, request.params.token),
  );

  app.post(
    '/api/auth/link_status',
    { config: { ...limited, ...jsonBody(linkStatusSchema) }, schema: { response: { 200: message } } },
    async (request) => {
      const input = await bodyOf(request, linkStatusSchema);
      return checkPasswordLink(deps, input);
    },
  );

  app.post(
    '/api/auth/forgot_password',
    {
      config: { ...limited, idempotent: true, ...jsonBody(forgotPasswordSchema) },
      schema: { response: { 200: message } },
    },
    async (request) => {
      const input = await bodyOf(request, forgotPasswordSchema);
      return requestPasswordReset(deps, input);
    },
  );

  app.post(
    '/api/auth/forgot_password/confirm',
    { config: { ...limited, ...jsonBody(setNewPasswordSchema) }, schema: { response: { 200: message } } },
    async (request) => {
      const input = await bodyOf(request, setNewPasswordSchema);
      return resetPassword(deps, input);
    },
  );

  app.post(
    '/api/auth/reseller/password',
    { config: { ...limited, ...jsonBody(setNewPasswordSchema) }, schema: { response: { 200: message } } },
    async (request) => {
      const input = await bodyOf(request, setNewPasswordSchema);
      return acceptInvitation(deps, input);
    },
  );
}
