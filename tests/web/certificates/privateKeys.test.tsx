// /sti-certificate/private-key: the keys list on react-admin's List (PortalList),
// server-side paging (skip/take) and sorting, rows per page, Download under the server's file name, the delete
// confirmation and its refusal toast, Create New, Import.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  KEY_A,
  KEY_B,
  KEYS,
  captureDownloads,
  certificatesDataProvider,
  httpError,
  renderCertificates,
} from './harness';

const NEWEST_FIRST = { field: 'created_on', order: 'DESC' };
const columnHeaders = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
const manyKeys = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    priv_key_uuid: `00000000-0000-4000-8000-${String(from + i).padStart(12, '0')}`,
    created_on: '2026-11-01T00:00:00Z',
  }));

describe('private keys page', () => {
  // react-admin's dataProvider wrapper logs the refusals these tests make on purpose
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('lists Created On (en-US) and Key UUID with Download and Delete, asking for 10 keys from 0', async () => {
    const dataProvider = certificatesDataProvider();
    renderCertificates('/sti-certificate/private-key', { dataProvider });
    expect(await screen.findByRole('heading', { level: 1, name: 'Private Key' })).toBeInTheDocument();
    expect(await screen.findByText(KEY_A)).toBeInTheDocument();
    expect(screen.getByText(KEY_B)).toBeInTheDocument();
    expect(columnHeaders()).toEqual(['Created On', 'Key UUID', 'Actions']);
    expect(screen.getByText(new Date(KEYS[0].created_on).toLocaleString('en-US'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Download key ${KEY_A}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Delete key ${KEY_A}` })).toBeInTheDocument();
    expect(dataProvider.listPrivateKeys).toHaveBeenCalledWith({ skip: 0, take: 10, sort: NEWEST_FIRST });
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it("says 'No Data Found' without keys", async () => {
    const dataProvider = certificatesDataProvider({ listPrivateKeys: async () => ({ total: 0, data: [] }) });
    renderCertificates('/sti-certificate/private-key', { dataProvider });
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
  });

  it('pages on the server: the next page asks for skip 10, take 10', async () => {
    const dataProvider = certificatesDataProvider({
      listPrivateKeys: async ({ skip }: { skip: number; take: number }) => ({
        total: 23,
        data: manyKeys(skip, skip === 20 ? 3 : 10),
      }),
    });
    renderCertificates('/sti-certificate/private-key', { dataProvider });
    expect(await screen.findByText(manyKeys(0, 1)[0].priv_key_uuid)).toBeInTheDocument();
    expect(screen.getByText('1-10 of 23')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText(manyKeys(10, 1)[0].priv_key_uuid)).toBeInTheDocument();
    expect(dataProvider.listPrivateKeys).toHaveBeenLastCalledWith({ skip: 10, take: 10, sort: NEWEST_FIRST });
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText(manyKeys(20, 1)[0].priv_key_uuid)).toBeInTheDocument();
    expect(dataProvider.listPrivateKeys).toHaveBeenLastCalledWith({ skip: 20, take: 10, sort: NEWEST_FIRST });
    expect(screen.getAllByRole('button', { name: /^Download key/ })).toHaveLength(3);
  });

  it('asks the server for more rows when the person chooses 25, 50 or 100 a page', async () => {
    const dataProvider = certificatesDataProvider({
      listPrivateKeys: async ({ skip, take }: { skip: number; take: number }) => ({
        total: 60,
        data: manyKeys(skip, take),
      }),
    });
    renderCertificates('/sti-certificate/private-key', { dataProvider });
    await screen.findByText(manyKeys(0, 1)[0].priv_key_uuid);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['10', '25', '50', '100']);
    fireEvent.click(options[1]);
    await waitFor(() =>
      expect(dataProvider.listPrivateKeys).toHaveBeenLastCalledWith({
        skip: 0,
        take: 25,
        sort: NEWEST_FIRST,
      }),
    );
    expect(await screen.findByText(manyKeys(24, 1)[0].priv_key_uuid)).toBeInTheDocument();
  });

  it('sorts on the server: the Key UUID header asks for the keys by id', async () => {
    const dataProvider = certificatesDataProvider();
    renderCertificates('/sti-certificate/private-key', { dataProvider });
    await screen.findByText(KEY_A);
    fireEvent.click(screen.getByText('Key UUID'));
    await waitFor(() =>
      expect(dataProvider.listPrivateKeys).toHaveBeenLastCalledWith({
        skip: 0,
        take: 10,
        sort: { field: 'priv_key_uuid', order: 'ASC' },
      }),
    );
  });

  it("downloads the key under the server's file name", async () => {
    const saved = captureDownloads();
    const blob = new Blob(['-----BEGIN PRIVATE KEY-----\n']);
    const dataProvider = certificatesDataProvider({
      downloadPrivateKey: async () => ({ blob, filename: 'key_0f8e2a6c.pem' }),
    });
    renderCertificates('/sti-certificate/private-key', { dataProvider });
    fireEvent.click(await screen.findByRole('button', { name: `Download key ${KEY_A}` }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(dataProvider.downloadPrivateKey).toHaveBeenCalledWith(KEY_A);
    expect(saved[0]).toEqual({ blob, filename: 'key_0f8e2a6c.pem' });
  });

  it('toasts a failed download with the server message', async () => {
    captureDownloads();
    const dataProvider = certificatesDataProvider({
      downloadPrivateKey: async () => Promise.reject(httpError(404, { message: 'Private key not found' })),
    });
    renderCertificates('/sti-certificate/private-key', { dataProvider });
    fireEvent.click(await screen.findByRole('button', { name: `Download key ${KEY_A}` }));
    expect(await screen.findByText('Private key not found')).toBeInTheDocument();
  });

  it('asks before deleting: Cancel keeps the key, Confirm deletes it and reloads', async () => {
    const dataProvider = certificatesDataProvider();
    renderCertificates('/sti-certificate/private-key', { dataProvider });
    fireEvent.click(await screen.findByRole('button', { name: `Delete key ${KEY_A}` }));
    let dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this key?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dataProvider.deletePrivateKey).not.toHaveBeenCalled();

    dataProvider.listPrivateKeys.mockImplementation(async () => ({ total: 1, data: [KEYS[1]] }));
    fireEvent.click(screen.getByRole('button', { name: `Delete key ${KEY_A}` }));
    dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this key?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(dataProvider.deletePrivateKey).toHaveBeenCalledWith(KEY_A));
    await waitFor(() => expect(screen.queryByText(KEY_A)).not.toBeInTheDocument());
    expect(screen.getByText(KEY_B)).toBeInTheDocument();
  });

  it("shows the server's refusal as a toast and keeps the key", async () => {
    const message = 'This key has a valid certificate and cannot be deleted';
    const dataProvider = certificatesDataProvider({
      deletePrivateKey: async () => Promise.reject(httpError(409, { message })),
    });
    renderCertificates('/sti-certificate/private-key', { dataProvider });
    fireEvent.click(await screen.findByRole('button', { name: `Delete key ${KEY_A}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this key?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText(KEY_A)).toBeInTheDocument();
  });

  it('creates a key with Create New and shows it', async () => {
    const created = {
      priv_key_uuid: '9a9a9a9a-1111-4222-8333-444455556666',
      created_on: '2026-11-21T10:00:00Z',
    };
    const dataProvider = certificatesDataProvider({ createPrivateKey: async () => created });
    renderCertificates('/sti-certificate/private-key', { dataProvider });
    await screen.findByText(KEY_A);
    dataProvider.listPrivateKeys.mockImplementation(async () => ({ total: 3, data: [created, ...KEYS] }));
    fireEvent.click(screen.getByRole('button', { name: 'Create New' }));
    expect(await screen.findByText(created.priv_key_uuid)).toBeInTheDocument();
    expect(dataProvider.createPrivateKey).toHaveBeenCalledWith();
  });

  it('imports an existing key from its PEM, and shows the refusal of another curve', async () => {
    const PEM =
      '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----';
    const dataProvider = certificatesDataProvider({
      importPrivateKey: async (pem: string) => {
        if (pem.includes('P384'))
          throw httpError(400, {
            message: 'Only P-256 (prime256v1) keys can be used for SHAKEN certificates',
          });
        return { priv_key_uuid: 'imported', created_on: '2026-11-21T10:00:00Z' };
      },
    });
    renderCertificates('/sti-certificate/private-key', { dataProvider });
    await screen.findByText(KEY_A);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    let dialog = await screen.findByRole('dialog', { name: 'Import a private key' });
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Private key (PEM)'), { target: { value: PEM } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The private key has been imported')).toBeInTheDocument();
    expect(dataProvider.importPrivateKey).toHaveBeenCalledWith(PEM);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    dialog = await screen.findByRole('dialog', { name: 'Import a private key' });
    fireEvent.change(within(dialog).getByLabelText('Private key (PEM)'), {
      target: { value: PEM.replace('MIG', 'P384') },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText('Only P-256 (prime256v1) keys can be used for SHAKEN certificates'),
    ).toBeInTheDocument();
  });

  it('creates one key when Create New is clicked twice before the page re-renders', async () => {
    const dataProvider = certificatesDataProvider({
      createPrivateKey: async () => ({ priv_key_uuid: KEY_B, created_on: '2026-11-21T10:00:00Z' }),
    });
    renderCertificates('/sti-certificate/private-key', { dataProvider });
    await screen.findByText(KEY_A);
    const button = screen.getByRole('button', { name: 'Create New' });
    // both clicks land before React has drawn the disabled button (a double click on a busy machine)
    act(() => {
      button.click();
      button.click();
    });
    await waitFor(() => expect(button).toBeEnabled());
    expect(dataProvider.createPrivateKey).toHaveBeenCalledTimes(1);
  });

  it('shows Create New busy while the key is made, and toasts a failure', async () => {
    let fail: (e: Error) => void = () => undefined;
    const dataProvider = certificatesDataProvider({
      createPrivateKey: () => new Promise((_, reject) => (fail = reject)),
    });
    renderCertificates('/sti-certificate/private-key', { dataProvider });
    await screen.findByText(KEY_A);
    const button = screen.getByRole('button', { name: 'Create New' });
    fireEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    fail(httpError(422, { message: 'Subscription is not active' }));
    expect(await screen.findByText('Subscription is not active')).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
  });
});
