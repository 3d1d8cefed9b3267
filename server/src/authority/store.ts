// SQL of the CA's issuers (ca_issuers): the root, CRL signer and intermediates in use, and the ones before them.
import type { Queryable } from '../db';
import type { CaRole, IssuerRecord } from '../ca';

/** Any fixed number: it serialises the first-start creation between processes. */
const CREATE_LOCK = 727004;

interface IssuerRow {
  id: string;
  role: CaRole;
  certificate_pem: string;
  key_id: string | null;
  key_ref: string;
  key_store: string;
}

const recordOf = (r: IssuerRow): IssuerRecord => ({
  id: r.id,
  role: r.role,
  certificatePem: r.certificate_pem,
  keyId: r.key_id ?? r.id,
  keyRef: r.key_ref,
  keyStore: r.key_store,
});

const COLUMNS = 'id, role, certificate_pem, key_id, key_ref, key_store';

/** Held until the transaction ends: one process at a time creates or imports the hierarchy. */
export async function lockIssuerCreation(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [CREATE_LOCK]);
}

export async function currentIssuers(q: Queryable): Promise<{
  root?: IssuerRecord;
  intermediate?: IssuerRecord;
  crl?: IssuerRecord;
  delegateIntermediate?: IssuerRecord;
}> {
  const rows = await q.query<IssuerRow>(`SELECT ${COLUMNS} FROM ca_issuers WHERE is_current`);
  const of = (role: CaRole) => {
    const row = rows.find((r) => r.role === role);
    return row ? recordOf(row) : undefined;
  };
  return {
    root: of('root'),
    intermediate: of('intermediate'),
    crl: of('crl'),
    delegateIntermediate: of('delegate-intermediate'),
  };
}

/** Every CA certificate ever recorded, oldest first: earlier ones still sign the CRLs their certificates name. */
export async function allIssuers(q: Queryable): Promise<IssuerRecord[]> {
  const rows = await q.query<IssuerRow>(`SELECT ${COLUMNS} FROM ca_issuers ORDER BY created_on, id`);
  return rows.map(recordOf);
}

/** Records a CA certificate as the current one of its role (the previous one stays, no longer current). */
export async function insertIssuer(q: Queryable, record: IssuerRecord & { subject: string }): Promise<void> {
  await q.query(`UPDATE ca_issuers SET is_current = false WHERE role = $1 AND is_current`, [record.role]);
  await q.query(
    `INSERT INTO ca_issuers (id, role, certificate_pem, subject_dn, key_id, key_ref, key_store, is_current)
     VALUES ($1, $2, $3, $4, $5, $6, $7, true)`,
    [
      record.id,
      record.role,
      record.certificatePem,
      record.subject,
      record.keyId === record.id ? null : record.keyId,
      record.keyRef,
      record.keyStore,
    ],
  );
}

export async function issuerExists(db: Queryable, issuerId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM ca_issuers WHERE id = $1', [issuerId]);
  return rows.length > 0;
}

export async function currentIssuerIds(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ id: string }>('SELECT id FROM ca_issuers WHERE is_current ORDER BY id');
  return rows.map((r) => r.id);
}
