export * from './CertificateList';
