/** The list kit every list screen is built from (ARCHITECTURE: client/ui). */
export { CountTabs, type TabDef } from './CountTabs';
export { ListState } from './ListState';
export { Pager } from './Pager';
export { SearchField } from './SearchField';
export { useListParams } from './useListParams';
