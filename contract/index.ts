export * from './constants';
export * from './schemas';
export type * from './api';
export * from './access';
export * from './billing';
export * from './cards';
export * from './numbers';
export * from './resellers';
export * from './notices';
