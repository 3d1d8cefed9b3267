// The texts of the list of STI-SCAs and delegate certificates (docs/screens.md: the admin's Delegate CAs and
// certificates, the reseller's too) and of its section on a provider's details page. Spread into en.ts as
// `portal.delegate_list` and under `resources`.

export const delegateListMessages = {
  title: 'Delegate CAs and certificates',
  menu: 'Delegate CAs',
  section: 'STI-SCAs and delegates',
  kinds: { sti_sca: 'STI-SCA', delegate: 'Delegate' },
  states: {
    current: 'Current',
    replaced: 'Replaced',
    expired: 'Expired',
    revoked: 'Revoked',
    pending: 'Being issued',
    failed: 'Not issued',
  },
  filters: { provider: 'Provider', kind: 'Kind', status: 'Status' },
};

const fields = {
  company_name: 'Provider',
  ocn: 'OCN',
  kind: 'Kind',
  customer_name: 'Customer',
  number_count: 'Numbers',
  serial_number: 'Serial Number',
  status: 'Status',
  not_after: 'Valid Until',
  created_on: 'Created On',
};

export const delegateListResources = {
  'admin-delegates': { name: 'Delegate CA or certificate |||| Delegate CAs and certificates', fields },
  'reseller-delegates': { name: 'Delegate CA or certificate |||| Delegate CAs and certificates', fields },
};
