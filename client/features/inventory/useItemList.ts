import { CATEGORIES } from '../../../core/inventory/rules';
import { useListParams } from '../../ui/list';
import { useItems } from './api';

/** An inventory list as both portals show it: a category tab, a search and a page, kept in the address. */
export function useItemList(pageSize: number) {
  const { tab, setTab, page, setPage, input, setInput, search } = useListParams<string>({
    tabs: ['all', ...CATEGORIES],
    defaultTab: 'all',
    tabParam: 'category',
  });
  const items = useItems({ search, category: tab, page, pageSize });
  return { category: tab, setCategory: setTab, page, setPage, input, setInput, search, items };
}
