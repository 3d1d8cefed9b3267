// The STI Certificate Subscriber Agreement (docs/screens.md, Subscriber agreement), shown as its own page and
// in the 'Certificate info' modal of registration step 2. Every figure comes from contract/constants.ts so
// that the text the Subscriber signs and the rules the portal enforces cannot drift apart.
/* eslint max-lines-per-function: "off" -- the agreement's text, one block of prose */
import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AGREEMENT, LIMITS, PRICES } from '../../../../contract/constants';
import { moneyText } from '../../../../contract/format';

const usd = (amount: number): string => moneyText(amount);

const count = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;

const revocationPeriod = count(AGREEMENT.revocationHours, 'hour');
const compromisePeriod = count(AGREEMENT.compromiseResponseHours, 'hour');
const curePeriod = count(AGREEMENT.breachCureDays, 'day');
const refundPeriod = count(AGREEMENT.refundCancelDays, 'day');
const acceptancePeriod = count(AGREEMENT.acceptanceDays, 'day');
const liabilityCap = usd(AGREEMENT.liabilityCapPerCertificate);

function Section({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} variant="h6" component="h3" gutterBottom>
        {number}. {title}
      </Typography>
      {children}
    </Box>
  );
}

function Clause({ number, children }: { number: string; children: ReactNode }) {
  return (
    <Typography variant="body1" sx={{ mb: 1.5 }}>
      <Box component="span" sx={{ fontWeight: 600, mr: 1 }}>
        {number}
      </Box>
      {children}
    </Typography>
  );
}

function Items({ items }: { items: ReactNode[] }) {
  return (
    <Box component="ul" sx={{ mt: 0, mb: 1.5, pl: 4 }}>
      {items.map((item, i) => (
        <Typography key={i} component="li" variant="body1" sx={{ mb: 0.5 }}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

const DEFINITIONS: [string, ReactNode][] = [
  ['Agreement', 'This STI Certificate Subscriber Agreement, in the version identified at its head.'],
  [
    'Certificate',
    'An electronic document in X.509 format, digitally signed by a certificate authority, that binds a public key to the identity of its holder.',
  ],
  [
    'STI Certificate',
    'A Certificate issued by the Company under the SHAKEN certificate policy that carries the Subscriber’s SPC code and is used to sign the SIP Identity header of telephone calls under STIR/SHAKEN.',
  ],
  [
    'Certificate Authority (STI-CA)',
    'A certificate authority approved by the STI-PA to issue STI Certificates. For the purposes of this Agreement, the STI-CA is the Company.',
  ],
  [
    'STI-PA',
    'The Secure Telephone Identity Policy Administrator: the body designated by the STIR/SHAKEN governance authority to determine which service providers may obtain STI Certificates, to approve STI-CAs, to issue SPC tokens and to maintain the certificate revocation list of the STIR/SHAKEN framework.',
  ],
  [
    'SPC token',
    'A short-lived, digitally signed token issued by the STI-PA to the Subscriber that attests the Subscriber’s authority to obtain an STI Certificate for its SPC code. The Subscriber obtains it with its STI-PA account credentials and presents it each time a Certificate is requested.',
  ],
  [
    'SPC code',
    'The Service Provider Code that identifies the Subscriber in the STIR/SHAKEN framework. In the United States the SPC code is the Subscriber’s company code (OCN). It is recorded in every STI Certificate issued to the Subscriber.',
  ],
  [
    'Company code (OCN)',
    `The ${LIMITS.ocnLength}-character Operating Company Number assigned to the Subscriber, under which the Subscriber is registered in the Portal.`,
  ],
  [
    'CSR',
    'A Certificate Signing Request: a message, signed with the Private Key, that contains the matching public key and the information to be certified and by which a Certificate is requested from the Company.',
  ],
  [
    'Private Key',
    'The secret half of a cryptographic key pair, used by the Subscriber to create digital signatures that can be verified with the public key contained in a Certificate.',
  ],
  [
    'Certificate Repository (CR)',
    'The publicly reachable HTTPS location at which an STI Certificate and the certificates of its issuing chain are published, and from which the parties that verify the Subscriber’s calls retrieve them.',
  ],
  [
    'CRL',
    'A Certificate Revocation List: a list, digitally signed by its issuer, of the serial numbers of Certificates that have been revoked before the end of their validity period.',
  ],
  [
    'Key Compromise',
    'Any loss, theft, disclosure or unauthorized use of a Private Key, or any circumstance in which the Subscriber can no longer be certain that it alone controls a Private Key.',
  ],
  [
    'Subscriber',
    'The telecom service provider, identified by its company code (OCN), that has registered in the Portal and signed this Agreement, and to which STI Certificates are issued.',
  ],
  [
    'Portal',
    'The service provider portal operated by the Company, through which the Subscriber registers, manages its Subscription, generates key pairs and requests, downloads, renews and revokes Certificates.',
  ],
  [
    'Subscription',
    'The paid, time-limited right of the Subscriber to use the Portal and to obtain STI Certificates, billed monthly or yearly as chosen by the Subscriber.',
  ],
];

/** The full text of the STI Certificate Subscriber Agreement. */
export function AgreementText() {
  const titleId = useId();
  return (
    <Box component="article" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h5" component="h2" gutterBottom>
        STI Certificate Subscriber Agreement
      </Typography>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 2 }}>
        Agreement version {AGREEMENT.version}
      </Typography>

      <Typography variant="body1" sx={{ mb: 1.5 }}>
        This STI Certificate Subscriber Agreement is entered into between the operator of the Portal and of
        the STI Certificate Authority that issues Certificates through it (the “Company”), and the telecom
        service provider, identified by its company code (OCN), that signs this Agreement in the Portal (the
        “Subscriber”).
      </Typography>
      <Typography variant="body1" sx={{ mb: 1.5 }}>
        By signing this Agreement, the person signing represents that he or she is authorized to bind the
        Subscriber, and the Subscriber agrees to the terms below. A signature applied in the Portal has the
        same effect as a handwritten signature on paper.
      </Typography>

      <Section number={1} title="Definitions">
        <Typography variant="body1" sx={{ mb: 1.5 }}>
          In this Agreement, the following capitalized terms have the meanings given below:
        </Typography>
        <Box component="dl" sx={{ mt: 0, mb: 1.5 }}>
          {DEFINITIONS.map(([term, meaning]) => (
            <Box key={term} sx={{ mb: 1 }}>
              <Typography component="dt" variant="body1" sx={{ fontWeight: 600 }}>
                {term}
              </Typography>
              <Typography component="dd" variant="body1" sx={{ ml: 3 }}>
                {meaning}
              </Typography>
            </Box>
          ))}
        </Box>
      </Section>

      <Section number={2} title="Authority to Use Certificates">
        <Clause number="2.1">
          Subject to this Agreement and for as long as its Subscription is active, the Company grants the
          Subscriber a non-exclusive, non-transferable right to use the STI Certificates issued to it solely
          to sign the SIP Identity header of telephone calls under the STIR/SHAKEN framework, for calls that
          the Subscriber originates on its own network or is otherwise entitled to attest as the originating
          service provider.
        </Clause>
        <Clause number="2.2">
          The Company issues an STI Certificate only on presentation of a valid SPC token for the Subscriber’s
          SPC code. The SPC token is the evidence, issued by the STI-PA, of the Subscriber’s authority to hold
          an STI Certificate; the Company verifies it before issuance and does not issue a Certificate for any
          SPC code other than the Subscriber’s company code (OCN).
        </Clause>
        <Clause number="2.3">The Subscriber shall not use an STI Certificate or its Private Key:</Clause>
        <Items
          items={[
            'to sign calls of another service provider, or to attest caller identities that the Subscriber is not entitled to attest;',
            'to sign any document, message or data other than the SIP Identity header of telephone calls;',
            'to issue, or to attempt to issue, Certificates of any kind;',
            'after the Certificate has expired or been revoked, or while the Subscriber knows or suspects a Key Compromise;',
            'in violation of applicable law, of the policies of the STI-PA, or of the SHAKEN certificate policy.',
          ]}
        />
      </Section>

      <Section number={3} title="Subscription, Fees and Refunds">
        <Clause number="3.1">
          The Subscription fee is {usd(PRICES.month)} per month or {usd(PRICES.year)} per year, as chosen by
          the Subscriber in the Portal. Fees are payable in advance, in United States dollars, by payment card
          through the Portal, and are exclusive of any applicable taxes.
        </Clause>
        <Clause number="3.2">
          Where the Subscriber enables automatic renewal, the Subscription renews at the end of each period
          for a period of the same length, and the fee then in effect is charged to the payment card on file.
          The Subscriber may disable automatic renewal in the Portal at any time; the change applies from the
          next renewal.
        </Clause>
        <Clause number="3.3">
          The Subscriber may cancel a new Subscription within {refundPeriod} of the initial payment and
          receive a full refund of that payment. All Certificates issued under a Subscription cancelled in
          this way are revoked.
        </Clause>
        <Clause number="3.4">
          Except as stated in clause 3.3 or as required by law, fees are non-refundable, including where a
          Certificate is revoked or this Agreement is terminated before the end of a paid period.
        </Clause>
        <Clause number="3.5">
          While a payment is outstanding or the Subscription has expired, the Subscriber may not request or
          renew Certificates.
        </Clause>
      </Section>

      <Section number={4} title="Key Generation and Protection">
        <Clause number="4.1">
          Key pairs created through the Portal are generated on a cryptographic platform validated to{' '}
          {AGREEMENT.keyPlatform}, using the key type that the SHAKEN certificate profile requires. The
          Company never signs anything with a Private Key it holds for the Subscriber: a Certificate is
          requested in the Portal for the matching public key, which takes the place of a CSR. The Company
          uses the Private Key only to deliver it to the Subscriber on its request, and deletes it when the
          Subscriber deletes it in the Portal.
        </Clause>
        <Clause number="4.2">
          From the moment the Subscriber downloads a Private Key, the Subscriber is solely responsible for its
          protection. The Subscriber shall keep each Private Key under its exclusive control, store it only on
          systems with access restricted to authorized personnel, and never disclose it to any third party.
        </Clause>
        <Clause number="4.3">
          The Subscriber shall keep its Portal credentials and its STI-PA account credentials confidential,
          and is responsible for every action taken with them. The Company uses STI-PA credentials entered in
          the Portal only to obtain the SPC token needed for the Certificate being requested.
        </Clause>
      </Section>

      <Section number={5} title="Certificate Acceptance">
        <Clause number="5.1">
          On issuance, the Subscriber shall review the content of each Certificate, including its SPC code,
          company name and validity period, and shall report any error to the Company through the Portal or
          the Company’s support channel.
        </Clause>
        <Clause number="5.2">
          A Certificate is deemed accepted by the Subscriber if no error is reported within {acceptancePeriod}{' '}
          of its issuance, or earlier when the Subscriber first uses it to sign a call.
        </Clause>
        <Clause number="5.3">
          Where an error is reported in time and is attributable to the Company, the Company revokes the
          Certificate and issues a corrected Certificate at no charge.
        </Clause>
      </Section>

      <Section number={6} title="Subscriber Duties">
        <Clause number="6.1">The Subscriber shall:</Clause>
        <Items
          items={[
            'provide complete and accurate information at registration and in every request, and keep that information up to date in the Portal;',
            'remain authorized by, and in good standing with, the STI-PA for as long as it holds a valid STI Certificate;',
            `respond to any instruction of the Company concerning a Key Compromise or a misuse of a Certificate within ${compromisePeriod} of receiving it;`,
            'notify the Company promptly, and in any event without undue delay, on discovering or suspecting a Key Compromise, and request revocation of the Certificates concerned;',
            'stop using a Certificate and its Private Key as soon as the Certificate expires or is revoked;',
            'comply with applicable law, the policies of the STI-PA and the SHAKEN certificate policy in its use of Certificates.',
          ]}
        />
        <Clause number="6.2">
          Where the Company notifies the Subscriber of a breach of this Agreement, the Subscriber shall cure
          the breach within {curePeriod} of the notice, unless the breach requires immediate revocation under
          section 7.
        </Clause>
      </Section>

      <Section number={7} title="Revocation">
        <Clause number="7.1">
          The Subscriber may request the revocation of any of its Certificates at any time through the Portal.
          The Company shall revoke a Certificate for any of the following reasons:
        </Clause>
        <Items
          items={[
            'key compromise: a Key Compromise of the Private Key corresponding to the Certificate is known or suspected;',
            'loss of authority: the Subscriber’s SPC token or its authority from the STI-PA has been withdrawn, suspended or has lapsed, or the Subscriber is no longer in good standing with the STI-PA;',
            'breach: the Subscriber has breached this Agreement and has not cured the breach within the period set in clause 6.2, or the breach cannot be cured;',
            'cessation of operation: the Subscriber has ceased to operate as a telecom service provider, or no longer needs the Certificate;',
            'superseded: the Certificate has been replaced by a new Certificate, including on renewal or correction;',
            'affiliation changed: the Subscriber’s name, company code (OCN) or other information in the Certificate has changed or is inaccurate.',
          ]}
        />
        <Clause number="7.2">
          The Company may also revoke a Certificate when the STI-PA or a competent authority so requires, or
          when the Certificate was not issued in accordance with the SHAKEN certificate policy.
        </Clause>
        <Clause number="7.3">
          The Company revokes the Certificate within {revocationPeriod} of receiving a request that it has
          verified as coming from the Subscriber, or of establishing a cause for revocation under clause 7.1
          or 7.2, and notifies the Subscriber by email.
        </Clause>
        <Clause number="7.4">
          The serial number of each revoked Certificate is published in the CRL and reported to the STI-PA as
          its procedures provide. Revocation is permanent: a revoked Certificate cannot be reinstated, and the
          Subscriber shall not use it from the moment of revocation.
        </Clause>
      </Section>

      <Section number={8} title="Limitation of Liability">
        <Clause number="8.1">
          The total liability of the Company for all claims arising out of or relating to any one Certificate,
          whatever the legal basis of the claim, is limited to {liabilityCap} per Certificate.
        </Clause>
        <Clause number="8.2">
          The Company is not liable for any indirect, incidental, special or consequential damages, or for any
          loss of profits, revenue, traffic or goodwill, even if it was advised of their possibility. The
          Company is not liable in particular for:
        </Clause>
        <Items
          items={[
            'the decisions of other service providers, call analytics services or verifiers to accept, label or block calls, whatever the attestation they carry;',
            'losses caused by a Key Compromise of a Private Key in the Subscriber’s control, or by the Subscriber’s failure to perform its duties under section 6;',
            'any use of a Certificate outside the scope of section 2, or after its expiry or revocation;',
            'the unavailability or acts of the STI-PA, of payment providers or of telecommunication networks, or any event beyond the Company’s reasonable control.',
          ]}
        />
        <Clause number="8.3">
          Except as expressly stated in this Agreement, Certificates and the Portal are provided “as is”, and
          the Company disclaims all other warranties, express or implied, including warranties of
          merchantability and fitness for a particular purpose.
        </Clause>
        <Clause number="8.4">
          Nothing in this Agreement limits or excludes liability for fraud, gross negligence or willful
          misconduct, or any liability that cannot be limited or excluded under applicable law.
        </Clause>
      </Section>

      <Section number={9} title="Term and Termination">
        <Clause number="9.1">
          This Agreement takes effect when the Subscriber signs it in the Portal and remains in effect for as
          long as the Subscriber holds an active Subscription or a valid Certificate.
        </Clause>
        <Clause number="9.2">
          The Subscriber may terminate this Agreement at any time by cancelling its Subscription and
          requesting the revocation of its Certificates. The Company may terminate this Agreement by notice to
          the Subscriber if the Subscriber fails to cure a breach within the period set in clause 6.2, and
          with immediate effect if the Subscriber loses its authority from the STI-PA, ceases to operate as a
          telecom service provider, or uses a Certificate unlawfully or outside the scope of section 2.
        </Clause>
        <Clause number="9.3">
          On termination of this Agreement, all Certificates issued to the Subscriber are revoked, the
          Subscriber shall immediately stop using them and their Private Keys, and any fees then due remain
          payable.
        </Clause>
        <Clause number="9.4">
          Sections 1, 3.4, 8, 9.3 and 10, and any other provision that by its nature is intended to survive,
          survive the termination of this Agreement.
        </Clause>
      </Section>

      <Section number={10} title="General">
        <Clause number="10.1">
          Governing law. This Agreement is governed by the laws of the United States and of the state in which
          the Company has its registered office, without regard to their conflict of laws rules. The courts of
          that state have exclusive jurisdiction over any dispute arising out of this Agreement.
        </Clause>
        <Clause number="10.2">
          Notices. The Company sends notices to the email address of the Subscriber’s account in the Portal,
          and the Subscriber sends notices to the Company through the Portal or the Company’s support channel.
          A notice takes effect when it is received.
        </Clause>
        <Clause number="10.3">
          Entire agreement. This Agreement is the entire agreement between the parties concerning its subject
          matter and supersedes all prior proposals, understandings and agreements, written or oral, on that
          subject.
        </Clause>
        <Clause number="10.4">
          Changes to this Agreement. The Company may amend this Agreement by publishing a new version, with a
          new version identifier, in the Portal and notifying the Subscriber in advance by email. The new
          version applies from the start of the Subscriber’s next Subscription period. If the Subscriber does
          not agree to it, the Subscriber may terminate this Agreement under clause 9.2 before that date;
          continued use of the Portal or of any Certificate after that date constitutes acceptance.
        </Clause>
        <Clause number="10.5">
          Assignment. The Subscriber may not assign or transfer this Agreement or any Certificate without the
          prior written consent of the Company.
        </Clause>
        <Clause number="10.6">
          Severability and waiver. If any provision of this Agreement is held invalid or unenforceable, the
          remaining provisions remain in full force and effect. A failure or delay in exercising a right under
          this Agreement is not a waiver of that right.
        </Clause>
      </Section>
    </Box>
  );
}

export default AgreementText;
