export { ListLoadError, listErrorMessage, type ListLoadErrorProps } from './ListLoadError';
