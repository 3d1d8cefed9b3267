// The resellers' wire shapes (docs/wire.md): each the schema its route answers with and the type the web reads.
import { Timestamp, Type, type Static } from './kit';

/** A reseller (GET /api/admin/reseller/list, one reseller, and the signed-in reseller's own profile). */
export const ResellerRow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  company_name: Type.String(),
  url_token: Type.String(),
  is_active: Type.Boolean(),
  /** The reseller followed the invitation and chose a password. */
  is_confirmed: Type.Boolean(),
  companies_count: Type.Number(),
  created_on: Timestamp(),
});
export type ResellerRow = Static<typeof ResellerRow>;
