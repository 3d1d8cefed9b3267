// The SQL of billing, one file per table family; services use it as `store.*`.
export * from './providers';
export * from './subscriptions';
export * from './checkouts';
export * from './invoices';
export * from './payments';
