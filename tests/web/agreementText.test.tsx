// The subscriber agreement must carry its sections, terms and figures (docs/screens.md, Subscriber
// agreement): the figures are contract/constants.ts's AGREEMENT.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AGREEMENT } from '../../contract/constants';
import { AgreementText } from '../../src/customRoutes/public/agreement/AgreementText';

const SECTIONS = [
  '1. Definitions',
  '2. Authority to Use Certificates',
  '3. Subscription, Fees and Refunds',
  '4. Key Generation and Protection',
  '5. Certificate Acceptance',
  '6. Subscriber Duties',
  '7. Revocation',
  '8. Limitation of Liability',
  '9. Term and Termination',
  '10. General',
];

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

function textOf(element: HTMLElement): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ');
}

describe('AgreementText', () => {
  it('has a titled agreement with every numbered section as a level-3 heading', () => {
    render(<AgreementText />);
    expect(
      screen.getByRole('heading', { level: 2, name: 'STI Certificate Subscriber Agreement' }),
    ).toBeInTheDocument();
    for (const name of SECTIONS) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(SECTIONS.length);
  });

  it('shows the agreement version', () => {
    render(<AgreementText />);
    expect(screen.getByText(`Agreement version ${AGREEMENT.version}`)).toBeInTheDocument();
  });

  it('defines the terms the spec names', () => {
    const { container } = render(<AgreementText />);
    const definitions = section('1. Definitions');
    for (const term of [
      'Certificate',
      'STI Certificate',
      'Certificate Authority (STI-CA)',
      'STI-PA',
      'SPC token',
      'SPC code',
      'Company code (OCN)',
      'CSR',
      'Private Key',
      'Certificate Repository (CR)',
      'CRL',
      'Subscriber',
      'Portal',
      'Subscription',
    ]) {
      expect(within(definitions).getByText(term, { selector: 'dt' })).toBeInTheDocument();
    }
    const text = textOf(container).toLowerCase();
    for (const term of ['certificate', 'spc token', 'spc code', 'company code', 'csr']) {
      expect(text).toContain(term);
    }
  });

  it('states every figure of the agreement in its section', () => {
    const { container } = render(<AgreementText />);
    const fees = textOf(section('3. Subscription, Fees and Refunds'));
    expect(fees).toContain('$100.00 per month');
    expect(fees).toContain('$500.00 per year');
    expect(fees).toMatch(/within 7 days of the initial payment and receive a full refund/);

    expect(textOf(section('4. Key Generation and Protection'))).toContain('FIPS 140-2 Level 2');
    expect(textOf(section('5. Certificate Acceptance'))).toMatch(/no error is reported within 7 days/);

    const duties = textOf(section('6. Subscriber Duties'));
    expect(duties).toContain('within 48 hours');
    expect(duties).toContain('within 30 days of the notice');

    expect(textOf(section('7. Revocation'))).toContain('within 24 hours');
    expect(textOf(section('8. Limitation of Liability'))).toContain('$1,000.00 per Certificate');

    // The refund period and the acceptance period are both 7 days.
    expect(textOf(container).match(/\b7 days\b/g)).toHaveLength(2);
  });

  it('lists the revocation reasons and the CRL publication', () => {
    render(<AgreementText />);
    const revocation = textOf(section('7. Revocation'));
    for (const reason of [
      'key compromise:',
      'loss of authority:',
      'breach:',
      'cessation of operation:',
      'superseded:',
      'affiliation changed:',
    ]) {
      expect(revocation).toContain(reason);
    }
    expect(revocation).toMatch(/serial number of each revoked Certificate is published in the CRL/);
  });

  it('names the governing law', () => {
    render(<AgreementText />);
    expect(textOf(section('10. General'))).toMatch(
      /governed by the laws of the United States and of the state in which the Company has its registered office/,
    );
  });
});
