// STI-SCAs and delegate certificates written straight into the database (migrations 029 and 030): an STI-SCA with
// its key row, a delegate with its STI-SCA, its customer and its number count. No signing: the lists and counts
// read the rows alone.
import { randomBytes } from 'node:crypto';
import type { Database } from '../../../server/src/db';

export type SeededStatus = 'issued' | 'revoked' | 'pending' | 'failed';

export interface SeededCertificate {
  id: string;
  serial: string;
}

interface CertificateOptions {
  status?: SeededStatus;
  createdOn?: Date;
  notAfter?: Date;
  /** The certificate this one renews. */
  replacesId?: string;
}

const DAY = 86_400_000;

async function insertCertificate(
  db: Database,
  spId: string,
  kind: 'sti_sca' | 'delegate',
  link: { stiScaKeyId?: string; issuingStiScaId?: string },
  opts: CertificateOptions,
): Promise<SeededCertificate> {
  const status = opts.status ?? 'issued';
  const createdOn = opts.createdOn ?? new Date(Date.now() - DAY);
  const notAfter = opts.notAfter ?? new Date(createdOn.getTime() + 365 * DAY);
  const signed = status === 'issued' || status === 'revoked';
  const serial = randomBytes(10).toString('hex');
  const [issuer] = await db.query<{ id: string }>('SELECT id FROM ca_issuers ORDER BY role LIMIT 1');
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO certificates (kind, serial_number, service_provider_id, sti_sca_key_id, issuing_sti_sca_id,
       issuer_id, status, spc, not_before, not_after, certificate_der, chain_pem, replaces_id, revoked_on,
       revocation_reason, created_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7, '123A', $8, $9, $10, $11, $12, $13, $14, $8) RETURNING id`,
    [
      kind,
      serial,
      spId,
      link.stiScaKeyId ?? null,
      link.issuingStiScaId ?? null,
      issuer.id,
      status,
      createdOn,
      notAfter,
      signed ? Buffer.from([0]) : null,
      signed ? 'pem' : null,
      opts.replacesId ?? null,
      status === 'revoked' ? createdOn : null,
      status === 'revoked' ? 'key_compromise' : null,
    ],
  );
  return { id: row.id, serial };
}

/** An STI-SCA of the provider, with the key row it needs; issued a day ago for a year unless told. */
export async function seedStiSca(
  db: Database,
  spId: string,
  opts: CertificateOptions = {},
): Promise<SeededCertificate> {
  const [key] = await db.query<{ id: string }>(
    `INSERT INTO sti_sca_keys (id, service_provider_id, key_ref, key_store, public_key_spki)
     VALUES (gen_random_uuid(), $1, 'k', 'software', '\\x00') RETURNING id`,
    [spId],
  );
  return insertCertificate(db, spId, 'sti_sca', { stiScaKeyId: key.id }, opts);
}

/** A delegate certificate the STI-SCA signed for the provider's customer (made on first use of its name). */
export async function seedDelegate(
  db: Database,
  spId: string,
  stiScaId: string,
  opts: CertificateOptions & { customer?: string; numberCount?: number } = {},
): Promise<SeededCertificate> {
  const name = opts.customer ?? 'Acme Calls';
  const [found] = await db.query<{ id: string }>(
    'SELECT id FROM delegate_customers WHERE service_provider_id = $1 AND lower(name) = lower($2)',
    [spId, name],
  );
  const customer =
    found ??
    (
      await db.query<{ id: string }>(
        'INSERT INTO delegate_customers (service_provider_id, name) VALUES ($1, $2) RETURNING id',
        [spId, name],
      )
    )[0];
  const cert = await insertCertificate(db, spId, 'delegate', { issuingStiScaId: stiScaId }, opts);
  await db.query(
    `INSERT INTO delegate_certificates (certificate_id, service_provider_id, customer_id, public_key_spki,
       number_count, numbers)
     VALUES ($1, $2, $3, '\\x00', $4, int8multirange(int8range(2015550000, 2015550000 + $4::bigint, '[)')))`,
    [cert.id, spId, customer.id, opts.numberCount ?? 1],
  );
  return cert;
}
