// View's certificate in PEM: Download PEM saves the leaf as <serial>.pem, Download chain saves leaf then
// intermediate as <serial>-chain.pem, Copy puts the leaf on the clipboard; a chain that cannot be read says so
// and leaves those buttons disabled. The buttons are reachable and usable from the keyboard.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  INTERMEDIATE_PEM,
  LEAF_PEM,
  captureDownloads,
  certificatesDataProvider,
  httpError,
  renderCertificates,
} from './harness';

const PATH = '/sti-certificate/certificate';
const rows = () => screen.getAllByTestId('certificate-row');
const BEGIN = '-----BEGIN CERTIFICATE-----';

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
});

async function openView(row = 0, dataProvider = certificatesDataProvider()) {
  renderCertificates(PATH, { dataProvider });
  await waitFor(() => expect(rows()).toHaveLength(3));
  fireEvent.click(within(rows()[row]).getByRole('button', { name: 'View' }));
  const dialog = await screen.findByRole('dialog', { name: 'Certificate' });
  return { dialog, dataProvider };
}

describe('certificate PEM', () => {
  it('downloads the leaf as <serial>.pem and the chain, two blocks, as <serial>-chain.pem', async () => {
    const saved = captureDownloads();
    const { dialog, dataProvider } = await openView();
    const leafButton = within(dialog).getByRole('button', { name: 'Download PEM' });
    await waitFor(() => expect(leafButton).toBeEnabled());
    expect(dataProvider.getCertificateChain).toHaveBeenCalledWith('https://ca.example.test/cr/3A.pem');

    fireEvent.click(leafButton);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download chain' }));
    expect(saved.map((s) => s.filename)).toEqual(['3A.pem', '3A-chain.pem']);

    const leaf = await saved[0].blob.text();
    expect(leaf).toBe(`${LEAF_PEM}\n`);
    const chain = await saved[1].blob.text();
    expect(chain).toBe(`${LEAF_PEM}\n${INTERMEDIATE_PEM}\n`);
    expect(chain.match(/-----BEGIN CERTIFICATE-----/g)).toHaveLength(2);
    expect(chain.startsWith(`${LEAF_PEM}\n`)).toBe(true);
  });

  it('names the files by the serial of the CR URL even when the row has no serial number', async () => {
    const saved = captureDownloads();
    const { dialog } = await openView(1);
    const button = within(dialog).getByRole('button', { name: 'Download chain' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(saved.map((s) => s.filename)).toEqual(['2B-chain.pem']);
  });

  it('copies the PEM from the keyboard and says what Copy gives', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { dialog } = await openView();
    const copy = within(dialog).getByRole('button', { name: 'Copy' });
    await waitFor(() => expect(copy).toBeEnabled());
    expect(copy).toHaveAccessibleDescription(/Copy and Download PEM give the certificate in PEM/);
    copy.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText.mock.calls[0][0].startsWith(BEGIN)).toBe(true);
    expect(writeText.mock.calls[0][0]).not.toContain(INTERMEDIATE_PEM);
  });

  it('keeps Copy and the downloads disabled while the chain loads', async () => {
    let answer: (chain: string[]) => void = () => undefined;
    const dataProvider = certificatesDataProvider({
      getCertificateChain: () => new Promise<string[]>((resolve) => (answer = resolve)),
    });
    const { dialog } = await openView(0, dataProvider);
    await within(dialog).findByTestId('certificate-text');
    for (const name of ['Copy', 'Download PEM', 'Download chain'])
      expect(within(dialog).getByRole('button', { name })).toBeDisabled();
    expect(within(dialog).getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    answer([LEAF_PEM, INTERMEDIATE_PEM]);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Download PEM' })).toBeEnabled());
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("shows the server's message when the chain cannot be read, and the text dump still shows", async () => {
    const dataProvider = certificatesDataProvider({
      getCertificateChain: async () => {
        throw httpError(404, { message: 'No certificate or CRL is published at this address' });
      },
    });
    const { dialog } = await openView(0, dataProvider);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The certificate PEM could not be loaded: No certificate or CRL is published at this address',
    );
    expect(within(dialog).getByTestId('certificate-text')).toBeInTheDocument();
    for (const name of ['Copy', 'Download PEM', 'Download chain'])
      expect(within(dialog).getByRole('button', { name })).toBeDisabled();
  });

  it('says so when the CR URL answers no certificate', async () => {
    const dataProvider = certificatesDataProvider({
      getCertificateChain: async () => {
        throw new Error('portal.certificates.pem_missing');
      },
    });
    const { dialog } = await openView(0, dataProvider);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The certificate PEM could not be loaded: No certificate is published at this CR URL',
    );
  });
});
