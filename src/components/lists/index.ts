export { ListLoadError, listErrorMessage, type ListLoadErrorProps } from './ListLoadError';
export { StackedRows } from './StackedRows';
export { stackedOnPhone } from './stackedTable';
export { phoneWidth, useIsPhone } from './useIsPhone';
export { RowActions, VISIBLE_ROW_ACTIONS, type RowAction } from './RowActions';
