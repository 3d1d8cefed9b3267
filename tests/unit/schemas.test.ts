// Every message of contract/schemas.ts, as the forms and the server show it.
import { describe, expect, it } from 'vitest';
import {
  BODY_NOT_OBJECT,
  availabilityQuerySchema,
  forgotPasswordSchema,
  loginSchema,
  registrationSchema,
  registrationStep1Schema,
  registrationStep2Schema,
  registrationStep3Schema,
  resendConfirmationSchema,
  setNewPasswordFormSchema,
  setNewPasswordSchema,
  validate,
  ValidationFailure,
} from '../../contract/schemas';

const step1 = {
  ocn: '123a',
  email: 'ada@carrier.test',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone_number: '(202) 555-0143',
  title: 'CTO',
  company_name: 'Analytical Telecom',
  address: '1 Engine Way',
  country: 'US',
  state: 'NY',
  city: 'New York',
  zipcode: '10001',
  filer_id: '123456',
  frn_number: '0012345678',
};
const step2 = {
  printed_name: 'Ada Lovelace',
  phone_number: '2025550143',
  title: 'CTO',
  company_name: 'Analytical',
};
const step3 = { password: 'secret', confirm_password: 'secret' };
const full = { ...step1, printed_name: 'Ada Lovelace', ...step3 };

/** The errors of one input, or {} when it is valid. */
async function errorsOf(
  schema: Parameters<typeof validate>[0],
  input: unknown,
): Promise<Record<string, string>> {
  try {
    await validate(schema, input);
    return {};
  } catch (e) {
    if (e instanceof ValidationFailure) return e.errors;
    throw e;
  }
}

async function messageOf(schema: Parameters<typeof validate>[0], input: unknown, field: string) {
  return (await errorsOf(schema, input))[field];
}

describe('registration step 1', () => {
  it('accepts a valid provider, trimmed, with the OCN upper-cased', async () => {
    const value = await validate(registrationStep1Schema, { ...step1, first_name: '  Ada  ' });
    expect(value.ocn).toBe('123A');
    expect(value.first_name).toBe('Ada');
    expect(await errorsOf(registrationStep1Schema, { ...step1, first_name: "D'Arcy-Smith" })).toEqual({});
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['ocn', { ocn: '' }, 'OCN is required'],
    ['ocn', { ocn: '12' }, 'OCN must be a valid format'],
    ['ocn', { ocn: 'A123' }, 'OCN must be a valid format'],
    ['email', { email: '' }, 'email is a required field'],
    ['email', { email: `${'a'.repeat(250)}@b.co` }, 'email must be at most 254 characters'],
    ['email', { email: 'ada@' }, 'email must be a valid email'],
    ['first_name', { first_name: ' ' }, 'first name is a required field'],
    ['first_name', { first_name: 'x'.repeat(101) }, 'first name must be at most 100 characters'],
    ['first_name', { first_name: '<b>Ada</b>' }, 'first name is not valid.'],
    ['first_name', { first_name: 'Ada\u0007' }, 'first name is not valid.'],
    ['last_name', { last_name: '' }, 'last name is a required field'],
    ['last_name', { last_name: 'x'.repeat(101) }, 'last name must be at most 100 characters'],
    ['last_name', { last_name: 'a>b' }, 'last name is not valid.'],
    ['phone_number', { phone_number: '' }, 'phone number is a required field'],
    ['phone_number', { phone_number: '1'.repeat(16) }, 'phone number must be at most 15 characters'],
    ['phone_number', { phone_number: '020 7946 0958' }, 'phone numbers only from US are allowed'],
    ['title', { title: '' }, 'title is a required field'],
    ['title', { title: 'x'.repeat(101) }, 'title must be at most 100 characters'],
    ['title', { title: '<i>' }, 'title is not valid.'],
    ['company_name', { company_name: '' }, 'company name is a required field'],
    ['company_name', { company_name: 'x'.repeat(101) }, 'company name must be at most 100 characters'],
    ['company_name', { company_name: '<script>' }, 'company name is not valid.'],
    ['address', { address: '' }, 'address is a required field'],
    ['address', { address: 'x'.repeat(201) }, 'address must be at most 200 characters'],
    ['address', { address: '1 <Main> St' }, 'address is not valid.'],
    ['country', { country: '' }, 'country is required field'],
    ['country', { country: undefined }, 'country is required field'],
    ['country', { country: 'CA' }, 'country is not valid.'],
    ['state', { state: '' }, 'state is a required field'],
    ['state', { state: '  ' }, 'state is a required field'],
    ['state', { state: 'ZZ' }, 'state is not valid.'],
    ['city', { city: '' }, 'city is a required field'],
    ['city', { city: 'x'.repeat(101) }, 'city must be at most 100 characters'],
    ['city', { city: 'New<York' }, 'city is not valid.'],
    ['zipcode', { zipcode: '' }, 'zipcode is a required field'],
    ['zipcode', { zipcode: '1234567' }, 'zipcode must be at most 6 characters'],
    ['zipcode', { zipcode: '10A01' }, 'zipcode must contain numbers only'],
    ['filer_id', { filer_id: '' }, '499 Filer ID is required'],
    ['filer_id', { filer_id: 'x'.repeat(21) }, '499 Filer ID must be at most 20 characters'],
    ['filer_id', { filer_id: '12-34' }, '499 Filer ID is not valid.'],
    ['frn_number', { frn_number: '' }, 'FRN is required'],
    ['frn_number', { frn_number: '1'.repeat(21) }, 'FRN must be at most 20 characters'],
    ['frn_number', { frn_number: 'FRN1' }, 'FRN is not valid.'],
  ];
  it.each(cases)('%s: %j → %s', async (field, override, message) => {
    expect(await messageOf(registrationStep1Schema, { ...step1, ...override }, field)).toBe(message);
  });

  it('accepts US phone formats with a leading 1 and an extension', async () => {
    for (const phone of ['2025550143', '1 202 555 0143', '+1(202)555-0143', '2025550143x1234']) {
      expect(
        await messageOf(registrationStep1Schema, { ...step1, phone_number: phone }, 'phone_number'),
        phone,
      ).toBe(undefined);
    }
  });

  it('refuses unknown fields', async () => {
    expect(await errorsOf(registrationStep1Schema, { ...step1, is_admin: true })).toEqual({
      root: 'Unknown field: is_admin',
    });
  });
});

describe('registration step 2', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['printed_name', { printed_name: '' }, 'Printed Name is a required field'],
    ['printed_name', { printed_name: 'x'.repeat(101) }, 'Printed Name must be at most 100 characters'],
    ['printed_name', { printed_name: '<svg onload=x>' }, 'Printed Name is not valid.'],
    ['phone_number', { phone_number: '' }, 'Phone Number is a required field'],
    ['phone_number', { phone_number: '12' }, 'phone numbers only from US are allowed'],
    ['title', { title: '' }, 'Title is a required field'],
    ['title', { title: 'x'.repeat(101) }, 'Title must be at most 100 characters'],
    ['company_name', { company_name: '' }, 'Company Name is a required field'],
    ['company_name', { company_name: 'x'.repeat(101) }, 'Company Name must be at most 100 characters'],
  ];
  it.each(cases)('%s: %j → %s', async (field, override, message) => {
    expect(await messageOf(registrationStep2Schema, { ...step2, ...override }, field)).toBe(message);
  });
  it('accepts a valid step', async () => {
    expect(await errorsOf(registrationStep2Schema, step2)).toEqual({});
  });
});

describe('passwords (step 3 and the set-new-password form)', () => {
  for (const schema of [registrationStep3Schema, setNewPasswordFormSchema]) {
    it('requires a password of 5 to 128 characters, confirmed', async () => {
      expect(await errorsOf(schema, step3)).toEqual({});
      expect(await messageOf(schema, { ...step3, password: '' }, 'password')).toBe(
        'Password is a required field',
      );
      expect(await messageOf(schema, { password: 'abcd', confirm_password: 'abcd' }, 'password')).toBe(
        'Password must be at least 5 characters',
      );
      expect(
        await messageOf(schema, { password: 'p'.repeat(129), confirm_password: 'p'.repeat(129) }, 'password'),
      ).toBe('Password must be at most 128 characters');
      expect(await messageOf(schema, { password: 'secret' }, 'confirm_password')).toBe(
        'Confirm password is a required field',
      );
      expect(
        await messageOf(schema, { password: 'secret', confirm_password: 'other' }, 'confirm_password'),
      ).toBe('Passwords do not match');
    });
  }
  it('keeps spaces in passwords', async () => {
    expect(
      (await validate(registrationStep3Schema, { password: ' abc de ', confirm_password: ' abc de ' }))
        .password,
    ).toBe(' abc de ');
  });
});

describe('the registration request', () => {
  it('takes every step and an optional reseller code', async () => {
    expect(await errorsOf(registrationSchema, full)).toEqual({});
    expect(await errorsOf(registrationSchema, { ...full, reseller_url_token: 'rc123456' })).toEqual({});
    expect(
      await messageOf(
        registrationSchema,
        { ...full, reseller_url_token: 'x'.repeat(65) },
        'reseller_url_token',
      ),
    ).toBe('reseller_url_token must be at most 64 characters');
    expect(await messageOf(registrationSchema, { ...full, printed_name: '' }, 'printed_name')).toBe(
      'Printed Name is a required field',
    );
    expect(await messageOf(registrationSchema, { ...full, confirm_password: 'x' }, 'confirm_password')).toBe(
      'Passwords do not match',
    );
    expect(await errorsOf(registrationSchema, { ...full, sign_file: 'x' })).toEqual({
      root: 'Unknown field: sign_file',
    });
  });

  it('reports every field at once, the first message as the summary', async () => {
    try {
      await validate(registrationSchema, {});
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationFailure);
      const failure = e as ValidationFailure;
      expect(failure.errors).toMatchObject({
        ocn: 'OCN is required',
        email: 'email is a required field',
        printed_name: 'Printed Name is a required field',
        password: 'Password is a required field',
        confirm_password: 'Confirm password is a required field',
      });
      expect(failure.message).toBe(Object.values(failure.errors)[0]);
    }
  });
});

describe('sign-in, forgot password and resend confirmation', () => {
  it('sign-in needs a valid email and a password', async () => {
    expect(
      await errorsOf(loginSchema, { email: 'ada@carrier.test', password: 'secret', remember: true }),
    ).toEqual({});
    expect(await messageOf(loginSchema, { password: 'secret' }, 'email')).toBe('Email is a required field');
    expect(await messageOf(loginSchema, { email: 'ada', password: 'secret' }, 'email')).toBe('Invalid email');
    expect(
      await messageOf(loginSchema, { email: `${'a'.repeat(260)}@b.co`, password: 'secret' }, 'email'),
    ).toBe('Invalid email');
    expect(await messageOf(loginSchema, { email: 'ada@carrier.test' }, 'password')).toBe(
      'Password is a required field',
    );
    expect(await messageOf(loginSchema, { email: 'ada@carrier.test', password: 'abc' }, 'password')).toBe(
      'Password must be at least 5 characters',
    );
    expect(await errorsOf(loginSchema, { email: 'ada@carrier.test', password: 'secret', otp: '1' })).toEqual({
      root: 'Unknown field: otp',
    });
  });

  for (const [name, schema] of [
    ['forgot password', forgotPasswordSchema],
    ['resend confirmation', resendConfirmationSchema],
  ] as const) {
    it(`${name} needs a valid email`, async () => {
      expect(await errorsOf(schema, { email: ' ada@carrier.test ' })).toEqual({});
      expect(await messageOf(schema, {}, 'email')).toBe('Email is a required field');
      expect(await messageOf(schema, { email: 'ada@carrier' }, 'email')).toBe('Invalid email');
    });
  }
});

describe('setting a password from a link', () => {
  const ok = { token: 'abc', password: 'secret', password_extra: 'secret' };
  it('needs the token and a confirmed password', async () => {
    expect(await errorsOf(setNewPasswordSchema, ok)).toEqual({});
    expect(await messageOf(setNewPasswordSchema, { ...ok, token: '' }, 'token')).toBe(
      'This link is invalid or has expired',
    );
    expect(await messageOf(setNewPasswordSchema, { ...ok, token: 'x'.repeat(201) }, 'token')).toBe(
      'token must be at most 200 characters',
    );
    expect(await messageOf(setNewPasswordSchema, { ...ok, password: '' }, 'password')).toBe(
      'Password is a required field',
    );
    expect(
      await messageOf(setNewPasswordSchema, { ...ok, password_extra: undefined }, 'password_extra'),
    ).toBe('Confirm password is a required field');
    expect(await messageOf(setNewPasswordSchema, { ...ok, password_extra: 'other' }, 'password_extra')).toBe(
      'Passwords do not match',
    );
  });
});

describe('the availability query', () => {
  it('takes an optional email and OCN of bounded length', async () => {
    expect(await errorsOf(availabilityQuerySchema, {})).toEqual({});
    expect(await errorsOf(availabilityQuerySchema, { email: 'ada@carrier.test', ocn: '123a' })).toEqual({});
    expect(await messageOf(availabilityQuerySchema, { email: `${'a'.repeat(255)}` }, 'email')).toBe(
      'email must be at most 254 characters',
    );
    expect(await messageOf(availabilityQuerySchema, { ocn: '123456789' }, 'ocn')).toBe(
      'ocn must be at most 8 characters',
    );
    expect(await errorsOf(availabilityQuerySchema, { q: 'x' })).toEqual({ root: 'Unknown field: q' });
  });
});

describe('what forms never send but requests can', () => {
  it('refuses a body that is not an object', async () => {
    for (const input of [null, [], 'text', 42, true]) {
      await expect(validate(loginSchema, input)).rejects.toMatchObject({
        message: BODY_NOT_OBJECT,
        errors: { root: BODY_NOT_OBJECT },
      });
    }
    // no body at all reads as an empty form
    expect(await errorsOf(loginSchema, undefined)).toMatchObject({ email: 'Email is a required field' });
  });

  it('refuses numbers, arrays and objects where text is expected, instead of turning them into text', async () => {
    expect(await errorsOf(loginSchema, { email: 42, password: 'secret' })).toEqual({
      email: 'email must be a string',
    });
    expect(await errorsOf(loginSchema, { email: ['a@b.co'], password: { a: 1 } })).toEqual({
      email: 'email must be a string',
      password: 'password must be a string',
    });
    expect(await errorsOf(registrationSchema, { ...full, zipcode: 10001 })).toEqual({
      zipcode: 'zipcode must be a string',
    });
  });

  it('refuses a non-boolean where true or false is expected', async () => {
    expect(await errorsOf(loginSchema, { email: 'a@b.co', password: 'secret', remember: 'true' })).toEqual({
      remember: 'remember must be true or false',
    });
  });

  it('refuses NUL characters, which no database stores', async () => {
    expect(await errorsOf(forgotPasswordSchema, { email: 'a\u0000@b.co' })).toEqual({
      email: 'email is not valid.',
    });
    expect(
      await errorsOf(setNewPasswordSchema, {
        token: 'a',
        password: 'sec\u0000ret',
        password_extra: 'secret',
      }),
    ).toEqual({
      password: 'password is not valid.',
    });
  });

  it('lets null reach the rules, which call it missing', async () => {
    expect(await errorsOf(loginSchema, { email: null, password: 'secret' })).toEqual({
      email: 'Email is a required field',
    });
  });
});
