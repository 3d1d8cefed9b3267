export * from './format';
export * from './FormTextInput';
export * from './FormPhoneInput';
export * from './FormPasswordInput';
export * from './FormSelectInput';
export * from './FormCheckboxInput';
export * from './SignatureInput';
