// /register: the three steps of the wizard (docs/screens.md, Registration), on react-hook-form with the
// contract schemas.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../contract/constants';
import { readResellerCode, storeResellerCode } from '../../../src/authProvider/resellerCode';
import { currentLocation, httpError, renderPublic, testDataProvider, type TestDataProvider } from './harness';
import { FAKE_SIGNATURE_PNG, signatureProps } from './signatureMock';

vi.mock('react-signature-canvas', async () => await import('./signatureMock'));

const STEP1 = {
  OCN: '123a',
  Email: 'ops@carrier.example',
  'First Name': 'Ada',
  'Last Name': "O'Neil",
  'Phone Number': '2015550123',
  Title: 'CTO',
  'Company Name': 'Carrier One',
  Address: '1 Main Street',
  City: 'Springfield',
  'Zip Code': '62701',
  '499 Filer ID': '123456',
  FRN: '0012345678',
};

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), {
    selector: 'input',
  }) as HTMLInputElement;
}

function combobox(label: string): HTMLElement {
  return screen.getByRole('combobox', { name: new RegExp(`^${label}`) });
}

/** The value a select holds (MUI keeps it in a hidden input named after the field). */
function selected(name: string): string {
  return (document.querySelector(`input[name="${name}"]`) as HTMLInputElement).value;
}

function choose(label: string, option: string) {
  fireEvent.mouseDown(combobox(label));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

function describedText(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

function type(label: string, value: string) {
  const input = field(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

function fillStep1(values: Partial<typeof STEP1> = {}) {
  for (const [label, value] of Object.entries({ ...STEP1, ...values })) type(label, value);
  choose('State', 'IL');
}

function click(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
}

/** react-admin logs every rejected data provider call; these failures are expected. */
function quietly() {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

async function heading(name: string) {
  // the wizard is a lazy page: its first load in a test file transforms its modules first
  return screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
}

const TITLE1 = 'Registration';
const TITLE2 = 'Registration - Review and Sign Subscriber agreement';
const TITLE3 = 'Registration - Enter a new password and confirm it';

async function toStep2(dataProvider?: TestDataProvider, path = '/register') {
  const rendered = renderPublic(path, { dataProvider });
  await heading(TITLE1);
  fillStep1();
  click('Next Step');
  await heading(TITLE2);
  return rendered;
}

async function toStep3(dataProvider?: TestDataProvider, path = '/register') {
  const rendered = await toStep2(dataProvider, path);
  type('Printed Name', 'Ada ONeil');
  click('Draw signature');
  click('Next Step');
  await heading(TITLE3);
  return rendered;
}

describe('registration step 1', () => {
  it('shows the title, the counter 1/4, US by default and the states', async () => {
    renderPublic('/register');
    expect(await heading(TITLE1)).toBeInTheDocument();
    expect(screen.getByTestId('step-counter')).toHaveTextContent('1/4');
    expect(selected('country')).toBe('US');
    expect(combobox('Country')).toHaveTextContent('United States');
    fireEvent.mouseDown(combobox('Country'));
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    fireEvent.mouseDown(combobox('State'));
    const states = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(states).toHaveLength(51);
    expect(states.map((o) => o.textContent)).toEqual(expect.arrayContaining(['AK', 'DC', 'WY']));
  });

  it('shows the contract messages of every required field', async () => {
    const { dataProvider } = renderPublic('/register');
    await heading(TITLE1);
    click('Next Step');
    await waitFor(() => expect(describedText(field('OCN'))).toBe('OCN is required'));
    const expected: Record<string, string> = {
      Email: 'email is a required field',
      'First Name': 'first name is a required field',
      'Last Name': 'last name is a required field',
      'Phone Number': 'phone number is a required field',
      Title: 'title is a required field',
      'Company Name': 'company name is a required field',
      Address: 'address is a required field',
      State: 'state is a required field',
      City: 'city is a required field',
      'Zip Code': 'zipcode is a required field',
      '499 Filer ID': '499 Filer ID is required',
      FRN: 'FRN is required',
    };
    for (const [label, message] of Object.entries(expected)) {
      expect(describedText(label === 'State' ? combobox(label) : field(label))).toBe(message);
    }
    expect(dataProvider.checkAvailability).not.toHaveBeenCalled();
  });

  it('checks formats as the user types', async () => {
    renderPublic('/register');
    await heading(TITLE1);
    type('OCN', '12');
    await waitFor(() => expect(describedText(field('OCN'))).toBe('OCN must be a valid format'));
    type('Phone Number', '555012');
    await waitFor(() =>
      expect(describedText(field('Phone Number'))).toBe('phone numbers only from US are allowed'),
    );
    type('Email', 'nope');
    await waitFor(() => expect(describedText(field('Email'))).toBe('email must be a valid email'));
  });

  it('uppercases the OCN, keeps digits in numeric fields, formats the phone and trims on blur', async () => {
    renderPublic('/register');
    await heading(TITLE1);
    type('OCN', '123b');
    expect(field('OCN').value).toBe('123B');
    expect(field('OCN')).toHaveAttribute('maxlength', '4');
    type('Zip Code', '62a7-01');
    expect(field('Zip Code').value).toBe('62701');
    expect(field('Zip Code')).toHaveAttribute('maxlength', '6');
    type('499 Filer ID', 'x12y3');
    expect(field('499 Filer ID').value).toBe('123');
    type('Phone Number', '+1 201 555 0123');
    expect(field('Phone Number').value).toBe('1(201) 555-0123');
    // the extension the validator allows can be typed, and the validator takes it (its error goes away)
    type('Phone Number', '201555');
    await waitFor(() =>
      expect(describedText(field('Phone Number'))).toBe('phone numbers only from US are allowed'),
    );
    type('Phone Number', '(201) 555-0123x1234');
    expect(field('Phone Number').value).toBe('2015550123x1234');
    await waitFor(() => expect(describedText(field('Phone Number')).replace(/\u200b/g, '')).toBe(''));
    type('First Name', ' Ada!');
    expect(field('First Name').value).toBe('Ada');
    type('Company Name', 'Carrier One  ');
    expect(field('Company Name').value).toBe('Carrier One');
  });

  it.each([
    [{ isOcnExists: true, isEmailExists: false }, 'OCN', MESSAGES.ocnTaken],
    [{ isOcnExists: false, isEmailExists: true }, 'Email', MESSAGES.emailTaken],
  ])('stays on step 1 when the availability check answers %o', async (answer, label, message) => {
    const dataProvider = testDataProvider({ checkAvailability: async () => answer });
    renderPublic('/register', { dataProvider });
    await heading(TITLE1);
    fillStep1();
    click('Next Step');
    await waitFor(() => expect(describedText(field(label))).toBe(message));
    expect(dataProvider.checkAvailability).toHaveBeenCalledWith({ email: STEP1.Email, ocn: '123A' });
    expect(screen.getByRole('heading', { level: 1, name: TITLE1 })).toBeInTheDocument();
  });

  it('shows both conflicts at once', async () => {
    renderPublic('/register', {
      dataProvider: testDataProvider({
        checkAvailability: async () => ({ isOcnExists: true, isEmailExists: true }),
      }),
    });
    await heading(TITLE1);
    fillStep1();
    click('Next Step');
    await waitFor(() => expect(describedText(field('OCN'))).toBe(MESSAGES.ocnTaken));
    expect(describedText(field('Email'))).toBe(MESSAGES.emailTaken);
  });

  it('advances when neither OCN nor email is taken', async () => {
    await toStep2();
    expect(screen.getByTestId('step-counter')).toHaveTextContent('2/4');
  });

  it('Cancel clears the data and goes to login', async () => {
    renderPublic('/register');
    await heading(TITLE1);
    fillStep1();
    click('Cancel');
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    fireEvent.click(screen.getByRole('link', { name: 'Sign Up' }));
    await heading(TITLE1);
    expect(field('OCN').value).toBe('');
    expect(field('Email').value).toBe('');
    expect(selected('country')).toBe('US');
    expect(selected('state')).toBe('');
  });
});

describe('registration step 2', () => {
  it('pre-fills phone, title and company from step 1 and requires the other fields and the signature', async () => {
    await toStep2();
    expect(field('Phone Number').value).toBe('(201) 555-0123');
    expect(field('Title').value).toBe('CTO');
    expect(field('Company Name').value).toBe('Carrier One');
    type('Company Name', '');
    click('Next Step');
    await waitFor(() =>
      expect(describedText(field('Printed Name'))).toBe('Printed Name is a required field'),
    );
    expect(describedText(field('Company Name'))).toBe('Company Name is a required field');
    expect(screen.getByText(MESSAGES.signatureRequired)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: TITLE2 })).toBeInTheDocument();
  });

  it('requires a signature even when the fields are valid, and Reset clears it', async () => {
    await toStep2();
    type('Printed Name', 'Ada ONeil');
    click('Next Step');
    expect(await screen.findByText(MESSAGES.signatureRequired)).toBeInTheDocument();
    click('Draw signature');
    expect(screen.queryByText(MESSAGES.signatureRequired)).not.toBeInTheDocument();
    click('Reset');
    expect(screen.getByText(MESSAGES.signatureRequired)).toBeInTheDocument();
    click('Next Step');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByRole('heading', { level: 1, name: TITLE2 })).toBeInTheDocument();
  });

  it('draws a 145 px signature, black on white', async () => {
    await toStep2();
    expect(signatureProps.last?.penColor).toBe('black');
    expect(signatureProps.last?.backgroundColor).toMatch(/255, 255, 255|white|#fff/i);
    expect(signatureProps.last?.canvasProps?.style?.height).toBe(145);
  });

  it("opens the agreement in a 'Certificate info' modal", async () => {
    await toStep2();
    fireEvent.click(screen.getByRole('button', { name: 'Read the subscription agreement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Certificate info' });
    expect(
      within(dialog).getByRole('heading', { name: 'STI Certificate Subscriber Agreement' }),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Back keeps the data of both steps', async () => {
    await toStep2();
    type('Printed Name', 'Ada ONeil');
    type('Title', 'Chief Technology Officer');
    click('Back');
    await heading(TITLE1);
    expect(field('OCN').value).toBe('123A');
    expect(field('Email').value).toBe(STEP1.Email);
    expect(field('Zip Code').value).toBe('62701');
    expect(selected('state')).toBe('IL');
    expect(field('Title').value).toBe('Chief Technology Officer');
    click('Next Step');
    await heading(TITLE2);
    expect(field('Printed Name').value).toBe('Ada ONeil');
  });
});

describe('registration step 3', () => {
  it('validates the passwords', async () => {
    await toStep3();
    expect(screen.getByTestId('step-counter')).toHaveTextContent('3/4');
    click('Next Step');
    await waitFor(() => expect(describedText(field('Password'))).toBe('Password is a required field'));
    expect(describedText(field('Confirm Password'))).toBe('Confirm password is a required field');
    type('Password', 'abc');
    await waitFor(() =>
      expect(describedText(field('Password'))).toBe('Password must be at least 5 characters'),
    );
    type('Password', 'secret-pass');
    type('Confirm Password', 'secret-pasS');
    await waitFor(() => expect(describedText(field('Confirm Password'))).toBe('Passwords do not match'));
  });

  it('Back keeps the signature and step 2 fields', async () => {
    await toStep3();
    type('Password', 'secret-pass');
    click('Back');
    await heading(TITLE2);
    expect(field('Printed Name').value).toBe('Ada ONeil');
    click('Next Step');
    await heading(TITLE3);
    expect(field('Password').value).toBe('secret-pass');
  });

  it('registers with every field and the PNG signature, then opens the payment step with the uuid', async () => {
    const dataProvider = testDataProvider({ register: async () => ({ service_provider_uuid: 'a1b2c3' }) });
    await toStep3(dataProvider);
    type('Password', 'secret-pass');
    type('Confirm Password', 'secret-pass');
    click('Next Step');
    await waitFor(() => expect(currentLocation()).toBe('/register/payment?uuid=a1b2c3'));
    expect(dataProvider.register).toHaveBeenCalledTimes(1);
    const [{ fields, signature }] = dataProvider.register.mock.calls[0];
    expect(fields).toEqual({
      ocn: '123A',
      email: STEP1.Email,
      first_name: 'Ada',
      last_name: "O'Neil",
      phone_number: '(201) 555-0123',
      title: 'CTO',
      company_name: 'Carrier One',
      address: '1 Main Street',
      country: 'US',
      state: 'IL',
      city: 'Springfield',
      zipcode: '62701',
      filer_id: '123456',
      frn_number: '0012345678',
      printed_name: 'Ada ONeil',
      password: 'secret-pass',
      confirm_password: 'secret-pass',
    });
    expect(signature).toBeInstanceOf(Blob);
    expect(signature.type).toBe('image/png');
    const expectedBytes = atob(FAKE_SIGNATURE_PNG.split(',')[1]).length;
    expect(signature.size).toBe(expectedBytes);
    expect(screen.getByTestId('payment-uuid')).toHaveTextContent('a1b2c3');
  });

  it('returns to step 2 with the server message when it is about the company', async () => {
    quietly();
    const dataProvider = testDataProvider({
      register: async () => {
        throw httpError(400, { message: 'This company is already registered' });
      },
    });
    await toStep3(dataProvider);
    type('Password', 'secret-pass');
    type('Confirm Password', 'secret-pass');
    click('Next Step');
    await heading(TITLE2);
    expect(screen.getByText('This company is already registered')).toBeInTheDocument();
    expect(field('Printed Name').value).toBe('Ada ONeil');
    expect(currentLocation()).toBe('/register');
  });

  it('returns to step 1 with the error on the OCN when the server refuses it', async () => {
    quietly();
    const dataProvider = testDataProvider({
      register: async () => {
        throw httpError(409, { message: MESSAGES.ocnTaken, errors: { ocn: MESSAGES.ocnTaken } });
      },
    });
    await toStep3(dataProvider);
    type('Password', 'secret-pass');
    type('Confirm Password', 'secret-pass');
    click('Next Step');
    await heading(TITLE1);
    await waitFor(() => expect(describedText(field('OCN'))).toBe(MESSAGES.ocnTaken));
    expect(field('Email').value).toBe(STEP1.Email);
  });

  it('shows other server messages under the form and stays on step 3', async () => {
    quietly();
    const dataProvider = testDataProvider({
      register: async () => {
        throw httpError(413, { message: 'Signature must be at most 1 MB... or the request is too large' });
      },
    });
    await toStep3(dataProvider);
    type('Password', 'secret-pass');
    type('Confirm Password', 'secret-pass');
    click('Next Step');
    expect(
      await screen.findByText('Signature must be at most 1 MB... or the request is too large'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: TITLE3 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next Step' })).toBeEnabled();
  });

  it('shows server field errors on their fields', async () => {
    quietly();
    const dataProvider = testDataProvider({
      register: async () => {
        throw httpError(400, {
          message: 'Password must be at most 128 characters',
          errors: { password: 'Password must be at most 128 characters' },
        });
      },
    });
    await toStep3(dataProvider);
    type('Password', 'secret-pass');
    type('Confirm Password', 'secret-pass');
    click('Next Step');
    await waitFor(() =>
      expect(describedText(field('Password'))).toBe('Password must be at most 128 characters'),
    );
  });
});

describe('reseller code', () => {
  it('keeps a valid code from the link and sends it with the registration', async () => {
    const dataProvider = testDataProvider({ validateResellerCode: async () => ({ isValid: true }) });
    await toStep3(dataProvider, '/register?rc=PROMO42');
    expect(dataProvider.validateResellerCode).toHaveBeenCalledWith('PROMO42');
    expect(readResellerCode()).toBe('PROMO42');
    type('Password', 'secret-pass');
    type('Confirm Password', 'secret-pass');
    click('Next Step');
    await waitFor(() => expect(dataProvider.register).toHaveBeenCalled());
    expect(dataProvider.register.mock.calls[0][0].fields.reseller_url_token).toBe('PROMO42');
  });

  it('names the reseller the code belongs to, and keeps a short code as stored, shown grouped', async () => {
    const dataProvider = testDataProvider({
      validateResellerCode: async () => ({ isValid: true, company_name: 'Channel Partner LLC' }),
    });
    renderPublic('/register?rc=k7m2-qx9p', { dataProvider });
    expect(
      await screen.findByText('Promo code of Channel Partner LLC applied: K7M2-QX9P'),
    ).toBeInTheDocument();
    expect(dataProvider.validateResellerCode).toHaveBeenCalledWith('k7m2-qx9p');
    expect(readResellerCode()).toBe('K7M2QX9P');
  });

  it('checks a code kept from an earlier page again, to name its reseller', async () => {
    storeResellerCode('K7M2QX9P');
    const dataProvider = testDataProvider({
      validateResellerCode: async () => ({ isValid: true, company_name: 'Channel Partner LLC' }),
    });
    renderPublic('/register', { dataProvider });
    expect(
      await screen.findByText('Promo code of Channel Partner LLC applied: K7M2-QX9P'),
    ).toBeInTheDocument();
    expect(dataProvider.validateResellerCode).toHaveBeenCalledWith('K7M2QX9P');
  });

  it('takes a code typed as read out on a call, names its reseller, and lets it be removed', async () => {
    const dataProvider = testDataProvider({
      validateResellerCode: async (code: string) =>
        code === 'k7m2 qx9p' ? { isValid: true, company_name: 'Channel Partner LLC' } : { isValid: false },
    });
    renderPublic('/register', { dataProvider });
    const field = await screen.findByLabelText('Promo code (optional)');
    fireEvent.change(field, { target: { value: 'k7m2 qx9o' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(MESSAGES.resellerCodeInvalid)).toBeInTheDocument();
    expect(readResellerCode()).toBeNull();
    fireEvent.change(field, { target: { value: 'k7m2 qx9p' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('Promo code of Channel Partner LLC applied: K7M2-QX9P'),
    ).toBeInTheDocument();
    expect(readResellerCode()).toBe('K7M2QX9P');
    expect(screen.queryByLabelText('Promo code (optional)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByLabelText('Promo code (optional)')).toBeInTheDocument();
    expect(readResellerCode()).toBeNull();
    expect(screen.queryByText(/applied/)).toBeNull();
  });

  it('shows the applied code alone when the answer names no company', async () => {
    renderPublic('/register?rc=PROMO42');
    expect(await screen.findByText('Promo code PROMO42 applied')).toBeInTheDocument();
  });

  it('removes an invalid code', async () => {
    storeResellerCode('OLD');
    const dataProvider = testDataProvider({ validateResellerCode: async () => ({ isValid: false }) });
    renderPublic('/register?rc=BAD', { dataProvider });
    await waitFor(() => expect(dataProvider.validateResellerCode).toHaveBeenCalledWith('BAD'));
    await waitFor(() => expect(readResellerCode()).toBeNull());
    expect(screen.queryByText(/applied/)).not.toBeInTheDocument();
  });

  it('drops a code the server refuses at registration (rotated or deactivated since), so a retry goes without it', async () => {
    const dataProvider = testDataProvider({
      validateResellerCode: async () => ({ isValid: true }),
      register: async () => {
        throw httpError(400, {
          message: MESSAGES.resellerCodeInvalid,
          errors: { reseller_url_token: MESSAGES.resellerCodeInvalid },
        });
      },
    });
    await toStep3(dataProvider, '/register?rc=ROTATED1');
    expect(readResellerCode()).toBe('ROTATED1');
    type('Password', 'secret-pass');
    type('Confirm Password', 'secret-pass');
    click('Next Step');
    expect(await screen.findByText(MESSAGES.resellerCodeInvalid)).toBeInTheDocument();
    expect(readResellerCode()).toBeNull();
  });

  it('sends no code when none is stored', async () => {
    const dataProvider = testDataProvider();
    await toStep3(dataProvider);
    type('Password', 'secret-pass');
    type('Confirm Password', 'secret-pass');
    click('Next Step');
    await waitFor(() => expect(dataProvider.register).toHaveBeenCalled());
    expect(dataProvider.register.mock.calls[0][0].fields).not.toHaveProperty('reseller_url_token');
    expect(dataProvider.validateResellerCode).not.toHaveBeenCalled();
  });
});
