export * from './errors';
export * from './navigate';
export * from './PlanRadios';
export * from './CardForm';
export * from './useInvoiceDownload';
export * from './format';
