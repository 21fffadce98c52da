import { useLocalStorage } from '@mantine/hooks';
import { useMe } from '../auth/api';
import { Segments } from '../../ui/Segments';

export type BoardView = 'cards' | 'table';

/**
 * The office boards' Cards or Table choice (a queue of 20 on one screen), remembered per person:
 * kept in this browser under the signed-in account, so colleagues sharing an office computer keep their own.
 */
export function useBoardView(board: 'requests' | 'records') {
  const me = useMe().data;
  return useLocalStorage<BoardView>({
    key: `gso.view.${board}.${me?.id ?? 0}`,
    defaultValue: 'cards',
    getInitialValueInEffect: false,
  });
}

export function ViewToggle({ value, onChange }: { value: BoardView; onChange: (v: BoardView) => void }) {
  return (
    <Segments
      label="View"
      size="xs"
      value={value}
      onChange={onChange}
      data={[
        { value: 'cards', label: 'Cards' },
        { value: 'table', label: 'Table' },
      ]}
    />
  );
}
