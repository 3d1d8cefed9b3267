// Delegate certificates (docs/delegates.md): end-entity certificates the provider's hosted STI-SCA signs for one of
// its customers, listing numbers of the provider's inventory. The customer holds the key: a CSR it sent, or a key
// made here and answered once (nothing of it is kept). Issued under the provider's lock, so that two customers can
// never both be given one number; kept as rows of `certificates` (kind 'delegate') so that the CR URL, the CRL,
// the audit and publishing are any certificate's.
import { generateKeyPairSync } from 'node:crypto';
import {
  type CreateDelegateInput,
  type CustomerAcmeCredentialInput,
  DELEGATE_MESSAGES,
} from '../../../contract/delegates';
import type { DelegateDetail, DelegateIssued, DelegateRow } from '../../../contract/wire/delegates';
import { ShakenIssuer, X509Certificate, delegateValidity, newSerial } from '../ca';
import type { Queryable } from '../db';
import { recordAudit } from '../certificates/audit';
import { standingRefusal } from '../certificates/issuance';
import { type Actor, auditActor } from '../certificates/service';
import { providerStanding } from '../certificates/store';
import { HttpError, badRequest, conflict, notFound } from '../http/errors';
import type { ListQuery } from '../http/list';
import { queuePublishCr } from '../publishing/jobs';
import { checkedCsrKey } from './delegateCsr';
import * as dstore from './delegateStore';
import {
  type Interval,
  assertInInventory,
  assertNotDelegatedElsewhere,
  boundsParams,
  countOf,
  entriesOf,
  filteredIntervals,
  tnOf,
  typedIntervals,
  unionOf,
} from './selection';
import { type StiScaDeps, hostedView } from './stiSca';
import { currentStiSca, lockProviderStiSca, revokeOfKind } from './store';

/** What the delegate certificates need: the STI-SCA's deps, without the STI-PA (a delegate asks it nothing). */
export type DelegateDeps = Pick<StiScaDeps, 'db' | 'now' | 'config' | 'ca' | 'crl' | 'jobs' | 'log'>;

/** The country code a PASSporT's `orig.tn` carries before a NANP number (RFC 8224 §8.3): the TNAuthList's too. */
const NANP_COUNTRY_CODE = '1';

/**
 * The certificate's O: the customer's name with control characters as spaces, its first 64 characters
 * (ub-organization-name) when longer; a name left empty is refused (400) before anything is signed.
 */
function organizationOf(customerName: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = customerName.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  const o = Array.from(clean).slice(0, 64).join('').trim();
  if (!o)
    throw badRequest(DELEGATE_MESSAGES.customerNameRequired, {
      customer_name: DELEGATE_MESSAGES.customerNameRequired,
    });
  return o;
}

/** Ten digits, or `first–last` for a block. */
const blockText = (lo: number, hi: number) => (lo === hi ? tnOf(lo) : `${tnOf(lo)}–${tnOf(hi)}`);

export function delegateView(
  deps: Pick<DelegateDeps, 'config' | 'now'>,
  r: dstore.DelegateRecord,
): DelegateRow {
  const blocks = r.first_blocks.map((b) => b.split('-').map(Number));
  const summary = blocks.slice(0, 3).map(([lo, hi]) => blockText(lo, hi));
  return {
    ...hostedView(deps, r),
    customer_id: r.customer_id,
    customer_name: r.customer_name,
    customer_contact: r.customer_contact,
    number_count: Number(r.number_count),
    numbers_summary: `${summary.join(', ')}${blocks.length > 3 ? ', …' : ''}`,
    sti_sca_serial: r.sti_sca_serial,
  };
}

/**
 * The provider may have delegate certificates issued now: its subscription active and paid (403 otherwise, as a
 * deactivated account is refused everything), and it holds a current STI-SCA (409 otherwise). Answers the paid end.
 */
async function assertMayIssue(deps: DelegateDeps, spId: string, now: Date): Promise<Date> {
  const standing = await providerStanding(deps.db, spId);
  if (!standing || standingRefusal(standing, now))
    throw new HttpError(403, DELEGATE_MESSAGES.subscriptionInactive);
  if (!deps.ca.crlSigner || !(await currentStiSca(deps.db, spId, now)))
    throw conflict(DELEGATE_MESSAGES.noStiSca);
  return new Date(standing.subscription_expired_on!);
}

/** The key to certify: the CSR's (checked), or a new P-256 key whose PKCS#8 PEM is answered once. */
function keyFor(csr: string | undefined): { spki: Uint8Array; privateKeyPem: string | null } {
  if (csr) return { spki: checkedCsrKey(csr), privateKeyPem: null };
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    spki: new Uint8Array(publicKey.export({ type: 'spki', format: 'der' })),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** What one delegate certificate is issued from. */
interface Intent {
  actor: Actor;
  customerName: string;
  customerContact: string | undefined;
  intervals: Interval[];
  spki: Uint8Array;
  paidUntil: Date;
  /** The current delegate certificate this one renews (same customer, same numbers). */
  renews: { id: string; serial: string; customerId: string } | null;
  /** The request's Idempotency-Key (scope and key), recorded with the certificate. */
  requestKey: string | null;
  /** The customer, when the caller knows it already (an ACME order's credential names it). */
  customerId?: string;
  /** Run in the issuance's transaction once the certificate is recorded (an ACME order claims it there). */
  onRecord?: (tx: Queryable, certificateId: string) => Promise<void>;
}

/** An issuer for the STI-SCA: its key in the CA's key store, its certificate as recorded. */
async function stiScaIssuer(deps: DelegateDeps, sca: dstore.SigningStiSca): Promise<ShakenIssuer> {
  if (sca.key_store !== deps.ca.keys.kind)
    throw new Error(`the key of STI-SCA ${sca.serial_number} is in the ${sca.key_store} key store`);
  const signer = await deps.ca.keys.signer({ id: sca.key_id, ref: sca.key_ref });
  const certificate = new X509Certificate(new Uint8Array(sca.certificate_der));
  return ShakenIssuer.create({ certificate, signer });
}

/**
 * Under the provider's lock (the STI-SCA's own: an STI-SCA renewal and a delegate issuance never interleave): the
 * current STI-SCA read again, the numbers checked again against the other customers' live certificates, the
 * customer found or added, the certificate signed and recorded with its numbers and audit row, its CR queued.
 */
function signAndRecord(deps: DelegateDeps, i: Intent): Promise<{ id: string; repeated: boolean }> {
  const spId = i.actor.serviceProviderId;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await lockProviderStiSca(tx, spId);
    // A repeat of a request whose issuance committed but whose answer was never stored (a crash in between).
    const done = i.requestKey ? await dstore.issuedByRequest(tx, spId, i.requestKey) : undefined;
    if (done) return { id: done, repeated: true };
    const currentId = await currentStiSca(tx, spId, now);
    const crlSigner = deps.ca.crlSigner;
    if (!currentId || !crlSigner) throw conflict(DELEGATE_MESSAGES.noStiSca);
    const sca = await dstore.stiScaForSigning(tx, currentId);
    if (i.renews) {
      const old = await dstore.delegateById(tx, spId, i.renews.id, { forUpdate: true });
      if (old?.status === 'revoked') throw conflict(DELEGATE_MESSAGES.alreadyRevoked);
      if (!old || (await dstore.isReplaced(tx, old.id))) throw conflict(DELEGATE_MESSAGES.notCurrent);
    }
    const given = i.renews?.customerId ?? i.customerId;
    const known = given ?? (await dstore.findCustomer(tx, spId, i.customerName));
    // the intervals as the overlap check and the insert send them, written once
    const bounds = boundsParams(i.intervals);
    await assertNotDelegatedElsewhere(tx, spId, known, i.intervals, now, bounds);
    const customerId =
      given ??
      (await dstore.upsertCustomer(tx, { spId, name: i.customerName, contact: i.customerContact, now }));
    const { notBefore, notAfter } = delegateValidity(now, i.paidUntil, sca.not_after);
    const issuer = await stiScaIssuer(deps, sca);
    const serial = newSerial();
    const issued = await issuer.issueDelegate({
      companyName: organizationOf(i.customerName),
      subjectPublicKey: i.spki,
      serial,
      notBefore,
      notAfter,
      policyOid: deps.config.certPolicyOid,
      crl: {
        url: deps.ca.crlUrl(crlSigner.id),
        issuerDn: new Uint8Array(crlSigner.certificate.subjectName.toArrayBuffer()),
      },
      entries: entriesOf(i.intervals, NANP_COUNTRY_CODE),
    });
    const numberCount = countOf(i.intervals);
    const id = await dstore.insertDelegate(tx, {
      ...{ serial, spId, issuerId: sca.issuer_id, stiScaId: sca.id, spc: sca.spc, customerId },
      ...{ spki: i.spki, bounds, numberCount, notBefore, notAfter, now },
      der: issued.der,
      chainPem: `${issued.pem.trim()}\n${sca.chain_pem.trim()}\n`,
      replacesId: i.renews?.id ?? null,
      requestKey: i.requestKey,
    });
    await recordAudit(tx, {
      action: 'certificate.issued',
      actor: auditActor(i.actor),
      ip: i.actor.ip,
      serviceProviderId: spId,
      subject: serial,
      detail:
        `delegate for ${i.customerName}, ${numberCount} numbers` +
        (i.renews ? `; renews ${i.renews.serial}` : ''),
    });
    await queuePublishCr(deps, tx, serial);
    await i.onRecord?.(tx, id);
    return { id, repeated: false };
  });
}

async function issued(deps: DelegateDeps, actor: Actor, id: string, privateKeyPem: string | null) {
  const row = await dstore.delegateById(deps.db, actor.serviceProviderId, id);
  return { delegate: delegateView(deps, row!), private_key_pem: privateKeyPem } satisfies DelegateIssued;
}

/**
 * The numbers a request picks for a customer (typed lines and the listing's filter), every one in the inventory,
 * while the provider may issue: with the paid period's end, which a certificate's validity keeps within.
 */
async function picked(deps: DelegateDeps, spId: string, input: CustomerAcmeCredentialInput, now: Date) {
  organizationOf(input.customer_name);
  const paidUntil = await assertMayIssue(deps, spId, now);
  const typed = typedIntervals(input.numbers);
  await assertInInventory(deps.db, spId, typed);
  const filtered = input.filter ? await filteredIntervals(deps.db, spId, input.filter) : [];
  const intervals = unionOf(typed, filtered);
  if (intervals.length === 0) throw new HttpError(422, DELEGATE_MESSAGES.nothingPicked);
  return { paidUntil, intervals };
}

/** POST /api/service_provider/delegates: a delegate certificate for a customer, of the numbers picked. */
export async function createDelegate(
  deps: DelegateDeps,
  actor: Actor,
  input: CreateDelegateInput,
  requestKey: string | null = null,
): Promise<DelegateIssued> {
  const spId = actor.serviceProviderId;
  const now = deps.now();
  const { paidUntil, intervals } = await picked(deps, spId, input, now);
  const key = keyFor(input.csr);
  const { id, repeated } = await signAndRecord(deps, {
    actor,
    customerName: input.customer_name,
    customerContact: input.customer_contact,
    intervals,
    spki: key.spki,
    paidUntil,
    renews: null,
    requestKey,
  });
  // a repeat gets the certificate, never a key: the one made now signs nothing
  return issued(deps, actor, id, repeated ? null : key.privateKeyPem);
}

/** A customer and the numbers an ACME credential handed to it may order (docs/acme.md). */
export interface CustomerGrant {
  customerId: string;
  customerName: string;
  intervals: Interval[];
  numberCount: number;
}

/**
 * The grant of an ACME credential for a customer: the numbers picked as a delegate certificate's are (in the
 * inventory, none in another customer's live delegate certificate), the customer found or added, and `record`
 * (the credential's row) run in the same transaction, under the provider's STI-SCA lock as an issuance is.
 */
export async function grantNumbers<T>(
  deps: DelegateDeps,
  actor: Actor,
  input: CustomerAcmeCredentialInput,
  record: (tx: Queryable, grant: CustomerGrant) => Promise<T>,
): Promise<T> {
  const spId = actor.serviceProviderId;
  const now = deps.now();
  const { intervals } = await picked(deps, spId, input, now);
  return deps.db.transaction(async (tx) => {
    await lockProviderStiSca(tx, spId);
    const known = await dstore.findCustomer(tx, spId, input.customer_name);
    await assertNotDelegatedElsewhere(tx, spId, known, intervals, now);
    const contact = input.customer_contact;
    const customerId = await dstore.upsertCustomer(tx, { spId, name: input.customer_name, contact, now });
    const customerName = known ? await dstore.customerName(tx, customerId) : input.customer_name;
    return record(tx, { customerId, customerName, intervals, numberCount: countOf(intervals) });
  });
}

/**
 * The delegate certificate of an ACME order (docs/acme.md): the customer's numbers as the order lists them (within
 * its credential's), checked as any issuance's (the provider's standing and STI-SCA, the inventory, other
 * customers), for the CSR's key; `onRecord` claims the order in the issuance's transaction.
 */
export async function issueForOrder(
  deps: DelegateDeps,
  actor: Actor,
  o: {
    customerId: string;
    customerName: string;
    intervals: Interval[];
    spki: Uint8Array;
    requestKey: string;
    onRecord: (tx: Queryable, certificateId: string) => Promise<void>;
  },
): Promise<{ id: string; repeated: boolean }> {
  const spId = actor.serviceProviderId;
  const paidUntil = await assertMayIssue(deps, spId, deps.now());
  await assertInInventory(deps.db, spId, o.intervals);
  return signAndRecord(deps, {
    actor,
    customerName: o.customerName,
    customerContact: undefined,
    intervals: o.intervals,
    spki: o.spki,
    paidUntil,
    renews: null,
    requestKey: o.requestKey,
    customerId: o.customerId,
    onRecord: o.onRecord,
  });
}

/**
 * POST /api/service_provider/delegates/{id}/renew: a new certificate for the same customer and numbers (checked
 * again), signed by the current STI-SCA; the renewed one stays valid until it expires, no longer current.
 */
export async function renewDelegate(
  deps: DelegateDeps,
  actor: Actor,
  id: string,
  input: { csr?: string },
  requestKey: string | null = null,
): Promise<DelegateIssued> {
  const spId = actor.serviceProviderId;
  const now = deps.now();
  const old = await dstore.delegateById(deps.db, spId, id.toLowerCase());
  if (!old) throw notFound(DELEGATE_MESSAGES.notFound);
  if (old.status === 'revoked') throw conflict(DELEGATE_MESSAGES.alreadyRevoked);
  if (!delegateView(deps, old).is_current) throw conflict(DELEGATE_MESSAGES.notCurrent);
  const paidUntil = await assertMayIssue(deps, spId, now);
  const key = keyFor(input.csr);
  const intervals = await dstore.intervalsOf(deps.db, old.id);
  await assertInInventory(deps.db, spId, intervals);
  const { id: newId, repeated } = await signAndRecord(deps, {
    actor,
    customerName: old.customer_name,
    customerContact: undefined,
    intervals,
    spki: key.spki,
    paidUntil,
    renews: { id: old.id, serial: old.serial_number, customerId: old.customer_id },
    requestKey,
  });
  return issued(deps, actor, newId, repeated ? null : key.privateKeyPem);
}

/**
 * POST /api/service_provider/delegates/{id}/revoke: revoked at once; then the CRL signer's indirect CRL, which
 * lists revoked delegate certificates, is re-signed.
 */
export async function revokeDelegate(deps: DelegateDeps, actor: Actor, id: string, reason: string) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const row = await dstore.delegateById(tx, actor.serviceProviderId, id.toLowerCase(), { forUpdate: true });
    if (!row) throw notFound(DELEGATE_MESSAGES.notFound);
    if (row.status === 'revoked') throw conflict(DELEGATE_MESSAGES.alreadyRevoked);
    await revokeOfKind(tx, 'delegate', row.id, reason, now);
    await recordAudit(tx, {
      action: 'certificate.revoked',
      actor: auditActor(actor),
      ip: actor.ip,
      serviceProviderId: actor.serviceProviderId,
      subject: row.serial_number,
      detail: `${reason}; delegate for ${row.customer_name}`,
    });
  });
  const signer = deps.ca.crlSigner;
  if (!signer) return;
  try {
    await deps.crl.reissue(signer.id);
  } catch (e) {
    deps.log.error(
      { err: e, issuer_id: signer.id },
      'the CRL could not be reissued after a delegate revocation',
    );
  }
}

export async function listDelegates(deps: DelegateDeps, actor: Actor, list: ListQuery) {
  const page = await dstore.listDelegates(deps.db, actor.serviceProviderId, deps.now(), list);
  return { rows: page.rows.map((r) => delegateView(deps, r)), total: page.total };
}

export async function showDelegate(deps: DelegateDeps, actor: Actor, id: string): Promise<DelegateDetail> {
  const row = await dstore.delegateWithChain(deps.db, actor.serviceProviderId, id.toLowerCase());
  if (!row) throw notFound(DELEGATE_MESSAGES.notFound);
  const blocks = (await dstore.intervalsOf(deps.db, row.id)).map((i) => ({
    start: tnOf(i.lo),
    count: i.hi - i.lo + 1,
  }));
  return { ...delegateView(deps, row), blocks, chain_pem: row.chain_pem };
}
