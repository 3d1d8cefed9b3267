// The account pages of a service provider (SPEC.md §2): summary, extend, renewal, and the plan step.
export { AccountSummary } from './AccountSummary';
export { ExtendPage } from './ExtendPage';
export { RenewalPage } from './RenewalPage';
export { PROFILE_QUERY_KEY } from './profile';
