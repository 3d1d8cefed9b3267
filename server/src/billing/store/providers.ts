// SQL of the provider as a customer of billing: its contact, its payment customer, its lock.
import type { Queryable } from '../../db';

export interface ProviderRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  company_name: string;
  ocn: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  payment_customer_ref: string | null;
}

export async function findProvider(q: Queryable, id: string): Promise<ProviderRow | undefined> {
  const rows = await q.query<ProviderRow>(
    `SELECT sp.id, a.email, a.first_name, a.last_name, sp.company_name, sp.ocn, sp.address, sp.city, sp.state,
            sp.zipcode, sp.payment_customer_ref
       FROM service_providers sp JOIN accounts a ON a.id = sp.account_id
      WHERE sp.id = $1`,
    [id],
  );
  return rows[0];
}

export async function setCustomerRef(q: Queryable, id: string, ref: string): Promise<void> {
  await q.query(
    'UPDATE service_providers SET payment_customer_ref = $2 WHERE id = $1 AND payment_customer_ref IS NULL',
    [id, ref],
  );
}

export async function isActive(q: Queryable, spId: string): Promise<boolean> {
  const rows = await q.query<{ is_active: boolean }>(
    'SELECT is_active FROM service_provider_state WHERE service_provider_id = $1',
    [spId],
  );
  return rows[0]?.is_active ?? false;
}

/**
 * Every billing change of a provider takes this lock first (then checkout, then subscription): changes of one
 * provider run one after the other and never deadlock. NO KEY UPDATE leaves inserts that reference the row free.
 */
export async function lockProvider(q: Queryable, spId: string): Promise<void> {
  await q.query('SELECT id FROM service_providers WHERE id = $1 FOR NO KEY UPDATE', [spId]);
}
