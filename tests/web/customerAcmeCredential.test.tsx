// An ACME credential handed to a delegate customer: the dialog on the delegate certificates page and on the ACME
// page (the contract's checks, typed numbers or a filtered selection, the body posted, one request per action, the
// server's refusals on their fields or above the buttons), the credential shown once with the directory URL and what
// its account may order, and the call itself (no Idempotency-Key).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AcmeCredentialCreated } from '../../contract/acme';
import { DELEGATE_MESSAGES } from '../../contract/delegates';
import { createDataProvider } from '../../src/dataProvider';
import { billingDataProvider, httpError, renderBilling, type DataProviderOverrides } from './billing/harness';
import { stubClipboard, typeIn } from './clipboard';

const DELEGATES = '/sti-certificate/delegates';
const ACME = '/sti-certificate/acme';
const DIRECTORY_URL = 'https://ca.example.test/acme/directory';

const CREATED: AcmeCredentialCreated = {
  key_id: 'cust-kid-0123456789abcd',
  hmac_key: 'Y3VzdG9tZXItaG1hYy1rZXktc2hvd24tb25jZS1vbmx5',
  customer_name: 'Acme Dental',
  number_count: 1000,
};

function dataProviderWith(overrides: DataProviderOverrides = {}) {
  return billingDataProvider({
    getList: async () => ({ data: [], total: 0 }),
    numberOptions: async () => ({ voip_users: ['alice'], organizations: ['Acme'], more: false }),
    uncoveredDelegates: async () => [],
    createCustomerAcmeCredential: async () => CREATED,
    ...overrides,
  });
}

function renderAt(path: string, overrides: DataProviderOverrides = {}) {
  return renderBilling(path, {
    dataProvider: dataProviderWith(overrides),
    settings: { acme_directory_url: DIRECTORY_URL },
  }).dataProvider;
}

async function openFromDelegates() {
  fireEvent.click(await screen.findByRole('button', { name: 'ACME credential for a customer' }));
  return screen.findByRole('dialog', { name: 'ACME credential for a customer' });
}

const submit = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create credential' }));

const clipboard = stubClipboard();

describe('ACME credential for a customer, on the delegate certificates page', () => {
  it("checks the form with the contract's messages before sending anything, and asks for no key", async () => {
    const dataProvider = renderAt(DELEGATES);
    const dialog = await openFromDelegates();
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    submit(dialog);
    expect(await within(dialog).findByText(DELEGATE_MESSAGES.customerNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(DELEGATE_MESSAGES.nothingPicked)).toBeInTheDocument();
    typeIn(dialog, /Customer name/, 'Acme Dental');
    typeIn(dialog, /^Numbers/, '2015550100\n12345');
    submit(dialog);
    expect(
      await within(dialog).findByText(DELEGATE_MESSAGES.numberLineInvalid.replace('${value}', '12345')),
    ).toBeInTheDocument();
    expect(dataProvider.createCustomerAcmeCredential).not.toHaveBeenCalled();
  });

  it('posts the customer and its numbers, then shows the credential once with the directory URL', async () => {
    const dataProvider = renderAt(DELEGATES);
    const dialog = await openFromDelegates();
    typeIn(dialog, /Customer name/, 'Acme Dental');
    typeIn(dialog, /Contact/, 'noc@acme-dental.example');
    typeIn(dialog, /^Numbers/, '2015550100-2015550199');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'All numbers of a filtered selection' }));
    typeIn(dialog, /Number contains/, '201-556');
    submit(dialog);

    const shown = await screen.findByRole('dialog', { name: 'New ACME credential for Acme Dental' });
    expect(dataProvider.createCustomerAcmeCredential).toHaveBeenCalledTimes(1);
    expect(dataProvider.createCustomerAcmeCredential).toHaveBeenCalledWith({
      customer_name: 'Acme Dental',
      customer_contact: 'noc@acme-dental.example',
      numbers: '2015550100-2015550199',
      filter: { q: '201556' },
    });
    expect(
      within(shown).getByText(
        'The account it binds may order delegate certificates for 1,000 numbers of Acme Dental. Its token authority is this portal: each challenge gives its URL.',
      ),
    ).toBeInTheDocument();
    expect(within(shown).getByText('Copy the HMAC key now: it will not be shown again.')).toBeInTheDocument();
    expect(within(shown).getByLabelText('Key ID')).toHaveValue(CREATED.key_id);
    expect(within(shown).getByLabelText('HMAC key')).toHaveValue(CREATED.hmac_key);
    await waitFor(() =>
      expect(within(shown).getByLabelText('ACME directory URL')).toHaveValue(DIRECTORY_URL),
    );
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy the HMAC key' }));
    await waitFor(() => expect(clipboard.writeText).toHaveBeenCalledWith(CREATED.hmac_key));
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy the ACME directory URL' }));
    await waitFor(() => expect(clipboard.writeText).toHaveBeenCalledWith(DIRECTORY_URL));

    fireEvent.click(within(shown).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(CREATED.hmac_key)).not.toBeInTheDocument();
    // a new opening starts from an empty form
    const again = await openFromDelegates();
    expect(within(again).getByLabelText(/Customer name/)).toHaveValue('');
  });

  it('says "1 number" for a credential of one number', async () => {
    renderAt(DELEGATES, { createCustomerAcmeCredential: async () => ({ ...CREATED, number_count: 1 }) });
    const dialog = await openFromDelegates();
    typeIn(dialog, /Customer name/, 'Acme Dental');
    typeIn(dialog, /^Numbers/, '2015550100');
    submit(dialog);
    const shown = await screen.findByRole('dialog', { name: 'New ACME credential for Acme Dental' });
    expect(within(shown).getByText(/for 1 number of Acme Dental\./)).toBeInTheDocument();
  });

  const notHeld = DELEGATE_MESSAGES.notInInventory.replace('${numbers}', '2015550900, 2015550901');
  it.each([
    ['in errors', { message: notHeld, errors: { numbers: notHeld } }],
    [
      'as a list of the numbers refused',
      { message: notHeld, errors: { numbers: ['2015550900', '2015550901'] } },
    ],
    ['as the delegate refusal names them', { message: notHeld, numbers: ['2015550900', '2015550901'] }],
    ['of nothing picked, known by its sentence', { message: DELEGATE_MESSAGES.nothingPicked }],
  ])('shows a 422 about the numbers (%s) under the numbers field, in a form that stays', async (_, body) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = renderAt(DELEGATES, {
      createCustomerAcmeCredential: async () => {
        throw httpError(422, body);
      },
    });
    const dialog = await openFromDelegates();
    typeIn(dialog, /Customer name/, 'Acme Dental');
    typeIn(dialog, /^Numbers/, '2015550900-2015550901');
    submit(dialog);
    const numbers = within(dialog).getByLabelText(/^Numbers/);
    await waitFor(() => expect(numbers).toHaveAccessibleDescription(body.message));
    expect(numbers).toHaveAttribute('aria-invalid', 'true');
    expect(numbers).toHaveValue('2015550900-2015550901');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Customer name/)).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByRole('dialog', { name: /New ACME credential/ })).not.toBeInTheDocument();
    // the field is checked again as it changes: the server's sentence goes with the numbers it was about
    typeIn(dialog, /^Numbers/, '2015550100');
    await waitFor(() => expect(numbers).toHaveAttribute('aria-invalid', 'false'));
    expect(numbers).not.toHaveAccessibleDescription(body.message);
    expect(dataProvider.createCustomerAcmeCredential).toHaveBeenCalledTimes(1);
  });

  it('shows a field the server names under that field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const message = 'Customer name is not valid.';
    renderAt(DELEGATES, {
      createCustomerAcmeCredential: async () => {
        throw httpError(400, { message, errors: { customer_name: message } });
      },
    });
    const dialog = await openFromDelegates();
    typeIn(dialog, /Customer name/, 'Acme Dental');
    typeIn(dialog, /^Numbers/, '2015550100');
    submit(dialog);
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Customer name/)).toHaveAccessibleDescription(message),
    );
    expect(within(dialog).getByLabelText(/^Numbers/)).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows the refusal of a provider without an STI-SCA above the buttons', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt(DELEGATES, {
      createCustomerAcmeCredential: async () => {
        throw httpError(409, { message: DELEGATE_MESSAGES.noStiSca });
      },
    });
    const dialog = await openFromDelegates();
    typeIn(dialog, /Customer name/, 'Acme Dental');
    typeIn(dialog, /^Numbers/, '2015550100');
    submit(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DELEGATE_MESSAGES.noStiSca);
    expect(within(dialog).getByLabelText(/^Numbers/)).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('dialog', { name: 'ACME credential for a customer' })).toBeInTheDocument();
  });

  it('sends one request however often Create is clicked, its button disabled while it runs', async () => {
    let answer: (created: AcmeCredentialCreated) => void = () => undefined;
    const dataProvider = renderAt(DELEGATES, {
      createCustomerAcmeCredential: () => new Promise<AcmeCredentialCreated>((resolve) => (answer = resolve)),
    });
    const dialog = await openFromDelegates();
    typeIn(dialog, /Customer name/, 'Acme Dental');
    typeIn(dialog, /^Numbers/, '2015550100');
    const button = within(dialog).getByRole('button', { name: 'Create credential' });
    act(() => {
      button.click();
      button.click();
    });
    await waitFor(() => expect(dataProvider.createCustomerAcmeCredential).toHaveBeenCalledTimes(1));
    expect(button).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    fireEvent.click(button);
    act(() => answer(CREATED));
    await screen.findByRole('dialog', { name: 'New ACME credential for Acme Dental' });
    expect(dataProvider.createCustomerAcmeCredential).toHaveBeenCalledTimes(1);
  });
});

describe('For a customer, on the ACME page', () => {
  it('opens the same dialog beside Create credential, and reads the credentials again once closed', async () => {
    const dataProvider = renderAt(ACME);
    fireEvent.click(await screen.findByRole('button', { name: 'Create credential for a customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'ACME credential for a customer' });
    typeIn(dialog, /Customer name/, 'Acme Dental');
    typeIn(dialog, /^Numbers/, '2015550100');
    submit(dialog);
    const shown = await screen.findByRole('dialog', { name: 'New ACME credential for Acme Dental' });
    expect(dataProvider.create).not.toHaveBeenCalled();
    expect(dataProvider.createCustomerAcmeCredential).toHaveBeenCalledWith({
      customer_name: 'Acme Dental',
      numbers: '2015550100',
    });
    const loads = dataProvider.getList.mock.calls.length;
    fireEvent.click(within(shown).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(dataProvider.getList.mock.calls.length).toBeGreaterThan(loads));
  });
});

describe('the call', () => {
  it('posts the body to the credentials path, without an Idempotency-Key, and is not retried', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(CREATED), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const input = { customer_name: 'Acme Dental', numbers: '2015550100', filter: { organization: 'Acme' } };
    expect(await createDataProvider().createCustomerAcmeCredential(input)).toEqual(CREATED);
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/service_provider/acme/eab');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(input);
    expect(new Headers(init?.headers).has('Idempotency-Key')).toBe(false);

    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(createDataProvider().createCustomerAcmeCredential(input)).rejects.toMatchObject({
      message: 'Network Error',
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
