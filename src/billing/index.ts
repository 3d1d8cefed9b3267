// Billing on the web: the account pages (summary, extend, auto renewal), the plan step of
// registration and of /account/payment, the card forms, and what the payment and invoice lists share.
// The two lists are resources (src/resources/payments, src/resources/invoices); the account pages are
// mounted by the descriptors of src/resources/account and src/resources/subscription.
export * from './errors';
export * from './format';
export * from './navigate';
export * from './PlanRadios';
export * from './CardForm';
export * from './useInvoiceDownload';
export { PaymentStep, AccountPaymentStep } from './PaymentStep';
