// The certificate list on react-admin's List (PortalList): 7 a page with a rows-per-page choice that changes what is
// asked for, sorting by a dated column, 'No Data Found', the error with its Retry, the row's "More actions" menu
// (Revoke reached from the keyboard alone) and the rows stacked on a phone.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CertificateRow } from '../../../contract/api';
import { stubPhoneWidth } from '../public/harness';
import { CERTIFICATES, KEY_A, certificatesDataProvider, httpError, renderCertificates } from './harness';

const PATH = '/sti-certificate/certificate';
const rows = () => screen.getAllByTestId('certificate-row');

/** `count` issued certificates of one key, the newest first, each a day older than the one before. */
const manyCertificates = (count: number): CertificateRow[] =>
  Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2026, 10, 28 - i, 10)).toISOString();
    return {
      ...CERTIFICATES[0],
      id: `m${i}`,
      serial_number: `AA${String(i).padStart(2, '0')}`,
      created_on: day,
      sti_cert_start_date: day,
      cr_path: `https://ca.example.test/cr/AA${String(i).padStart(2, '0')}.pem`,
    };
  });

describe('certificate list', () => {
  it('shows 7 certificates a page, and 25 once the person asks for 25 a page', async () => {
    const certificates = manyCertificates(12);
    const dataProvider = certificatesDataProvider({ lastCertificates: async () => certificates });
    renderCertificates(PATH, { dataProvider });
    await waitFor(() => expect(rows()).toHaveLength(7));
    expect(screen.getByText('1-7 of 12')).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenLastCalledWith(
      'certificates',
      expect.objectContaining({
        pagination: { page: 1, perPage: 7 },
        sort: { field: 'created_on', order: 'DESC' },
        filter: { priv_key_uuid: KEY_A },
      }),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['7', '25', '50', '100']);
    fireEvent.click(options[1]);
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'certificates',
        expect.objectContaining({ pagination: { page: 1, perPage: 25 } }),
      ),
    );
    await waitFor(() => expect(rows()).toHaveLength(12));
    // the key's certificates are read once a page: the route pages nothing
    expect(dataProvider.lastCertificates).toHaveBeenCalledWith(KEY_A);
  });

  it('pages and sorts the certificates of the key: the next page, then the oldest first', async () => {
    const certificates = manyCertificates(9);
    renderCertificates(PATH, {
      dataProvider: certificatesDataProvider({ lastCertificates: async () => certificates }),
    });
    await waitFor(() => expect(rows()).toHaveLength(7));
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[1]).getByText(certificates[8].cr_path!)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Go to page 1' }));
    await waitFor(() => expect(rows()).toHaveLength(7));
    fireEvent.click(screen.getByText('Created On'));
    await waitFor(() => expect(within(rows()[0]).getByText(certificates[8].cr_path!)).toBeInTheDocument());
  });

  it("says 'No Data Found' when the key has no certificate", async () => {
    renderCertificates(PATH, {
      dataProvider: certificatesDataProvider({ lastCertificates: async () => [] }),
    });
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
    expect(screen.queryByTestId('certificate-row')).not.toBeInTheDocument();
  });

  it('shows a failed read with its message and a Retry, and no pager', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = certificatesDataProvider({
      lastCertificates: async () => Promise.reject(httpError(503, { message: 'Certificates unavailable' })),
    });
    renderCertificates(PATH, { dataProvider });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Certificates unavailable');
    expect(screen.queryByRole('combobox', { name: /Rows per page/ })).not.toBeInTheDocument();
    dataProvider.lastCertificates.mockImplementation(async () => CERTIFICATES);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it('puts Revoke in the row\'s "More actions" menu, reached and chosen from the keyboard', async () => {
    const user = userEvent.setup();
    const dataProvider = certificatesDataProvider();
    renderCertificates(PATH, { dataProvider });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const row = rows()[0];
    expect(within(row).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    const more = within(row).getByRole('button', { name: 'More actions: 3A' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    within(row).getByRole('button', { name: 'Renew' }).focus();
    await user.tab();
    expect(more).toHaveFocus();
    await user.keyboard('{Enter}');
    const revoke = await screen.findByRole('menuitem', { name: 'Revoke' });
    await waitFor(() => expect(revoke).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('dialog', { name: 'Are you sure you want to revoke this certificate?' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('stacks each certificate as labelled lines on a phone, its actions and menu kept', async () => {
    stubPhoneWidth();
    renderCertificates(PATH, { dataProvider: certificatesDataProvider() });
    const stacked = await screen.findAllByTestId('stacked-row');
    expect(stacked).toHaveLength(3);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const terms = within(stacked[0])
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual(['Created On', 'Start On', 'Expire On', 'CR URL', 'Status', 'Actions']);
    expect(within(stacked[0]).getByRole('button', { name: 'More actions: 3A' })).toBeInTheDocument();
  });
});
