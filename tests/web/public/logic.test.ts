// The pure parts of the public pages: login outcomes and the registration data.
import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES, MESSAGES } from '../../../contract/constants';
import { registrationSchema } from '../../../contract/schemas';
import { homeOfRole, loginOutcome, roleIn } from '../../../src/customRoutes/public/loginOutcome';
import { paymentStepPath } from '../../../src/customRoutes/public/paths';
import {
  emptyRegistration,
  mergeFields,
  registrationFailure,
  registrationFields,
} from '../../../src/customRoutes/public/register/registrationData';

const failure = (status: number, body: Record<string, unknown>) =>
  Object.assign(new Error(String(body.message ?? '')), { status, body });

describe('loginOutcome', () => {
  it('maps every login failure message of the server', () => {
    const uuid = 'u-1';
    expect(loginOutcome(failure(401, { message: LOGIN_MESSAGES.wrongPassword }))).toMatchObject({
      kind: 'field',
      field: 'password',
    });
    expect(loginOutcome(failure(404, { message: LOGIN_MESSAGES.notFound }))).toMatchObject({
      kind: 'field',
      field: 'email',
    });
    expect(loginOutcome(failure(403, { message: LOGIN_MESSAGES.notConfirmed }))).toMatchObject({
      kind: 'notConfirmed',
    });
    expect(
      loginOutcome(failure(422, { message: LOGIN_MESSAGES.notActive, service_provider_uuid: uuid })),
    ).toEqual({
      kind: 'redirect',
      message: LOGIN_MESSAGES.notActive,
      to: '/register/payment?uuid=u-1',
    });
    expect(
      loginOutcome(
        failure(422, { message: LOGIN_MESSAGES.noActiveSubscription, service_provider_uuid: uuid }),
      ),
    ).toEqual({
      kind: 'redirect',
      message: LOGIN_MESSAGES.noActiveSubscription,
      to: '/register/payment?uuid=u-1&new_sub=yes',
    });
    expect(
      loginOutcome(failure(422, { message: LOGIN_MESSAGES.pastDue, service_provider_uuid: uuid })),
    ).toMatchObject({
      kind: 'pastDue',
      serviceProviderUuid: uuid,
    });
    expect(
      loginOutcome(failure(422, { message: LOGIN_MESSAGES.pastDueNewInvoice, url: 'https://p/1' })),
    ).toEqual({
      kind: 'pastDueNewInvoice',
      url: 'https://p/1',
    });
    expect(loginOutcome(failure(500, { message: 'Something else' }))).toEqual({
      kind: 'message',
      message: 'Something else',
    });
    expect(loginOutcome(new Error('Network Error'))).toEqual({ kind: 'message', message: 'Network Error' });
  });

  it('shows the message when a redirect lacks the provider uuid', () => {
    expect(loginOutcome(failure(422, { message: LOGIN_MESSAGES.notActive }))).toEqual({
      kind: 'message',
      message: LOGIN_MESSAGES.notActive,
    });
  });

  it('picks the landing page of each role', () => {
    expect(homeOfRole('reseller')).toBe('/reseller');
    expect(homeOfRole('admin')).toBe('/admin');
    expect(homeOfRole('service-provider')).toBe('/');
    expect(homeOfRole(undefined)).toBe('/');
    expect(roleIn({ user: { type: 'admin' } })).toBe('admin');
    expect(roleIn('reseller')).toBe('reseller');
    expect(roleIn({ role: 'admin' })).toBe('admin');
    expect(roleIn(null)).toBeUndefined();
  });

  it('encodes the uuid in the payment path', () => {
    expect(paymentStepPath('a b&c')).toBe('/register/payment?uuid=a+b%26c');
  });
});

describe('registration data', () => {
  const complete = mergeFields(emptyRegistration(), {
    ocn: '123a',
    email: 'ops@carrier.example',
    first_name: 'Ada',
    last_name: 'Lovelace',
    phone_number: '(201) 555-0123',
    title: 'CTO',
    company_name: 'Carrier One',
    address: '1 Main Street',
    state: 'IL',
    city: 'Springfield',
    zipcode: '62701',
    filer_id: '123456',
    frn_number: '0012345678',
    printed_name: 'Ada Lovelace',
    password: 'secret-pass',
    confirm_password: 'secret-pass',
    signature: 'data:image/png;base64,AAAA',
    unknown: 'dropped',
  });

  it('sends exactly the fields the server schema accepts', async () => {
    const fields = registrationFields(complete, 'PROMO');
    expect(fields.ocn).toBe('123A');
    expect(fields).not.toHaveProperty('signature');
    expect(fields).not.toHaveProperty('unknown');
    await expect(registrationSchema.validate(fields, { strict: false })).resolves.toBeTruthy();
    expect(registrationFields(complete, null)).not.toHaveProperty('reseller_url_token');
  });

  it('returns to the step of the failure', () => {
    expect(registrationFailure(failure(400, { message: 'company name is a required field' })).step).toBe(2);
    expect(registrationFailure(failure(409, { message: MESSAGES.ocnTaken }))).toMatchObject({
      step: 1,
      errors: { ocn: MESSAGES.ocnTaken },
    });
    expect(registrationFailure(failure(409, { message: MESSAGES.emailTaken }))).toMatchObject({
      step: 1,
      errors: { email: MESSAGES.emailTaken },
    });
    expect(
      registrationFailure(
        failure(400, { message: 'x', errors: { zipcode: 'zipcode must contain numbers only' } }),
      ).step,
    ).toBe(1);
    expect(
      registrationFailure(
        failure(400, { message: 'x', errors: { printed_name: 'Printed Name is a required field' } }),
      ).step,
    ).toBe(2);
    expect(
      registrationFailure(
        failure(400, { message: MESSAGES.signatureNotPng, errors: { sign_file: MESSAGES.signatureNotPng } }),
      ).step,
    ).toBe(2);
    expect(
      registrationFailure(
        failure(400, {
          message: 'Passwords do not match',
          errors: { confirm_password: 'Passwords do not match' },
        }),
      ).step,
    ).toBe(3);
    expect(registrationFailure(new Error('Network Error'))).toEqual({
      step: 3,
      message: 'Network Error',
      errors: {},
    });
  });
});
