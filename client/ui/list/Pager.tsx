import { Group, Pagination } from '@mantine/core';

/** Pages of a list, shown only when there is more than one. */
export function Pager({
  total,
  pageSize,
  page,
  onChange,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (p: number) => void;
}) {
  if (total <= pageSize) return null;
  return (
    <Group justify="center" mt="md">
      <Pagination
        total={Math.ceil(total / pageSize)}
        value={page}
        onChange={onChange}
        size="sm"
        siblings={1}
        getControlProps={(c) => ({ 'aria-label': `${c[0].toUpperCase()}${c.slice(1)} page` })}
      />
    </Group>
  );
}
