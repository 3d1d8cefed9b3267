// /reseller/delegates: the STI-SCAs and delegate certificates of the reseller's providers, the admin's list of them
// (admin-delegates/DelegateList.tsx) scoped by the server, each company linking to the reseller's page of it.
import { DelegateList } from '../admin-delegates/DelegateList';

export default function ResellerDelegateList() {
  return <DelegateList role="reseller" />;
}
