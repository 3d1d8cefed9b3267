export * from './CertificateViewDialog';
export * from './ConfirmDialog';
export * from './GenerateCertificateDialog';
export * from './saveFile';
export * from './useCertificateNotify';
export * from './RenewCertificateDialog';
export * from './ImportKeyDialog';
export * from './RevocationReasonChoice';
