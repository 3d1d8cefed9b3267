// The number listing's sorts and filters (the list protocol, http/list.ts): the listing and its export use them,
// and a delegate certificate's selection picks every number the same filter matches (docs/delegates.md).
import type { ListSpec } from '../http/list';
import { refuse, text, uuid } from '../http/listFilters';

export const NUMBERS_LIST: ListSpec = {
  sortable: {
    tn: 'tn',
    created_on: 'created_on',
    assigned_on: 'assigned_on',
    voip_user: 'voip_user',
    organization: 'organization',
  },
  filters: {
    q: {
      // 4 digits and more: the listing adds the numbers found from the provider's blocks (service.blockSearch)
      sql: (p) => `strpos(tn, ${p}) > 0`,
      value: (v, name) => {
        const digits = typeof v === 'number' ? String(v) : v;
        if (typeof digits !== 'string' || !/^\d{1,10}$/.test(digits)) {
          refuse(name, `${name} must be 1 to 10 digits`);
        }
        return digits;
      },
    },
    voip_user: text('voip_user'),
    organization: text('organization'),
    // the numbers an import added (numbers_import_idx): a number already held is never rewritten by a later import
    import_id: uuid('import_id'),
  },
  defaultSort: ['tn', 'ASC'],
  tiebreaker: 'tn',
};
