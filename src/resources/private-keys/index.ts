export * from './PrivateKeyList';
