export * from './format';
export * from './FormTextInput';
export * from './FormPhoneInput';
export * from './FormPasswordInput';
export * from './FormSelectInput';
export * from './FormCheckboxInput';
// SignatureInput is imported from its own file: the signature canvas it needs (CommonJS, kept whole by the
// bundler) would otherwise load with every page that takes an input from here, the sign-in page first.
