// Renewal overlaps on /sti-certificate/certificate: the renew dialog asks what happens to the old certificate
// (keep by default, in 24 hours, now) and sends the choice; the status column says which certificate is current.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CERTIFICATES, certificatesDataProvider, renderCertificates } from './harness';

const PATH = '/sti-certificate/certificate';
const rows = () => screen.getAllByTestId('certificate-row');
const OLD_SERIAL = '3a4b5c6d7e8f90112233445566778899aabbccdd';
const NEW_SERIAL = '9f8e7d6c5b4a39281706f5e4d3c2b1a099887766';

async function openRenew() {
  await waitFor(() => expect(rows().length).toBeGreaterThan(0));
  fireEvent.click(within(rows()[0]).getByRole('button', { name: 'Renew' }));
  const dialog = await screen.findByRole('dialog', {
    name: 'Are you sure you want to renew this certificate?',
  });
  fireEvent.change(within(dialog).getByLabelText(/^STI-PA Username/, { selector: 'input' }), {
    target: { value: 'demo' },
  });
  fireEvent.change(within(dialog).getByLabelText(/^STI-PA Password/, { selector: 'input' }), {
    target: { value: 'pw-1' },
  });
  return dialog;
}

describe('renew dialog: what happens to the old certificate', () => {
  it('offers three choices in a labelled group, each saying what it does to calls; keep is the default', async () => {
    renderCertificates(PATH, { dataProvider: certificatesDataProvider() });
    const dialog = await openRenew();
    // still asks the STI-PA credentials
    expect(within(dialog).getByLabelText(/^STI-PA Username/, { selector: 'input' })).toHaveValue('demo');
    const group = within(dialog).getByRole('radiogroup', { name: 'What happens to the old certificate?' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['keep', 'in_24_hours', 'now']);
    const keep = within(group).getByRole('radio', { name: 'Keep it valid until it expires' });
    const later = within(group).getByRole('radio', { name: 'Revoke it in 24 hours' });
    const now = within(group).getByRole('radio', { name: 'Revoke it now' });
    expect(keep).toBeChecked();
    expect(later).not.toBeChecked();
    expect(now).not.toBeChecked();
    expect(keep).toHaveAccessibleDescription(
      'Calls signed with the old certificate keep verifying. Revoke it yourself later.',
    );
    expect(later).toHaveAccessibleDescription(/24 hours to move to the new certificate/);
    expect(now).toHaveAccessibleDescription(/fail verification as soon as verifiers refresh the CRL/);
    // a fieldset with its legend
    expect(group.closest('fieldset')).not.toBeNull();
    expect(within(group.closest('fieldset')!).getByText('What happens to the old certificate?').tagName).toBe(
      'LEGEND',
    );
  });

  it('sends revoke_old keep when left alone', async () => {
    const dataProvider = certificatesDataProvider();
    renderCertificates(PATH, { dataProvider });
    const dialog = await openRenew();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(dataProvider.renewCertificate).toHaveBeenCalledWith('3A', {
        sti_pa_username: 'demo',
        sti_pa_password: 'pw-1',
        revoke_old: 'keep',
      }),
    );
  });

  it.each([
    ['Revoke it in 24 hours', 'in_24_hours'],
    ['Revoke it now', 'now'],
  ])('sends the choice "%s" as revoke_old %s', async (label, value) => {
    const dataProvider = certificatesDataProvider();
    renderCertificates(PATH, { dataProvider });
    const dialog = await openRenew();
    fireEvent.click(within(dialog).getByRole('radio', { name: label }));
    expect(within(dialog).getByRole('radio', { name: label })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Keep it valid until it expires' })).not.toBeChecked();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(dataProvider.renewCertificate).toHaveBeenCalledWith('3A', {
        sti_pa_username: 'demo',
        sti_pa_password: 'pw-1',
        revoke_old: value,
      }),
    );
    expect(await screen.findByText('The certificate has been renewed')).toBeInTheDocument();
  });
});

describe('certificate status column', () => {
  it('marks the current certificate, the one it replaced with its scheduled revocation, and a revoked one', async () => {
    const scheduledOn = '2026-11-21T10:00:00.000Z';
    const listed = [
      {
        ...CERTIFICATES[0],
        id: 'n',
        serial_number: NEW_SERIAL,
        is_current: true,
        replaced_by: null,
        revocation_scheduled_on: null,
      },
      {
        ...CERTIFICATES[0],
        id: 'o',
        serial_number: OLD_SERIAL,
        is_current: false,
        replaced_by: NEW_SERIAL,
        revocation_scheduled_on: scheduledOn,
      },
      {
        ...CERTIFICATES[0],
        id: 'r',
        serial_number: 'ab',
        status: 'revoked',
        is_current: false,
        replaced_by: null,
        revoked_on: '2026-11-21T08:00:00Z',
        revocation_reason: 'superseded',
        revocation_scheduled_on: null,
      },
      {
        ...CERTIFICATES[0],
        id: 'e',
        serial_number: 'ee',
        sti_cert_expire_date: '2026-01-01T00:00:00Z',
        is_current: false,
        replaced_by: null,
        revocation_scheduled_on: null,
      },
    ];
    renderCertificates(PATH, {
      dataProvider: certificatesDataProvider({ lastCertificates: async () => listed }),
    });
    await waitFor(() => expect(rows()).toHaveLength(4));
    const [current, replaced, revoked, expired] = rows();
    expect(within(current).getByText('Current')).toBeInTheDocument();
    expect(within(current).queryByText(/Replaced by|Revocation scheduled|Revoked/)).not.toBeInTheDocument();

    expect(within(replaced).queryByText('Current')).not.toBeInTheDocument();
    expect(within(replaced).getByText('Replaced by 9f8e7d6c… · valid until 11/20/2099')).toBeInTheDocument();
    expect(
      within(replaced).getByText(`Revocation scheduled ${new Date(scheduledOn).toLocaleString('en-US')}`),
    ).toBeInTheDocument();
    // still valid: it can be revoked by hand before its time
    fireEvent.click(within(replaced).getByRole('button', { name: /^More actions/ }));
    expect(await screen.findByRole('menuitem', { name: 'Revoke' })).toBeInTheDocument();

    expect(within(revoked).getByText('Revoked · Superseded, 11/21/2026')).toBeInTheDocument();
    expect(within(revoked).queryByText('Current')).not.toBeInTheDocument();

    // issued, but past its end: expired, not current, and no automatic renewal
    expect(within(expired).getByText('Expired 1/1/2026')).toBeInTheDocument();
    expect(within(expired).queryByText('Current')).not.toBeInTheDocument();
    expect(within(expired).queryByRole('switch')).not.toBeInTheDocument();
  });
});
