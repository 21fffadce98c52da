import { Select, Stack, Table, Title } from '@mantine/core';
import type { CountFiguresDto } from '../../../core/inventory/countSchemas';
import { ListState, Pager, useListParams } from '../../ui/list';
import { StackTable } from '../../ui/StackTable';
import { useBuildingProgress, useRoomProgress, type CountDto } from './api';
import { FIGURES } from './CountFigures';

const PAGE_SIZE = 25;

function FigureCells({ f }: { f: CountFiguresDto }) {
  return (
    <>
      {FIGURES.map((c) => (
        <Table.Td key={c.key} data-label={c.label}>
          {f[c.key]}
        </Table.Td>
      ))}
    </>
  );
}

function Head({ first }: { first: string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {[...first, ...FIGURES.map((f) => f.label)].map((c) => (
          <Table.Th key={c}>{c}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/**
 * A count's progress (docs/decisions/counts.md): per building (and the units with no home room apart), then per
 * room, paged and narrowed to one building: expected, found, found elsewhere, not found, not expected, unknown tags.
 */
export function CountProgress({ count }: { count: CountDto }) {
  const { page, setPage, filters, setFilter } = useListParams({ tabs: ['progress'], defaultTab: 'progress', filters: ['building'] });
  const buildingId = /^\d+$/.test(filters.building) ? Number(filters.building) : undefined;
  const buildings = useBuildingProgress(count.id);
  const rooms = useRoomProgress(count.id, { buildingId, page, pageSize: PAGE_SIZE });
  const choices = (buildings.data?.items ?? []).filter((b) => b.id !== null);
  return (
    <Stack>
      <Title order={2} size="h4">
        By building
      </Title>
      <ListState
        loading={buildings.isPending}
        error={buildings.isError ? buildings.error : null}
        onRetry={() => buildings.refetch()}
        empty={!!buildings.data && buildings.data.items.length === 0}
        emptyText="No buildings"
        skeletonHeight={40}
      >
        <StackTable stackBelow={760}>
          <Table bg="white" verticalSpacing="xs" fz="sm" aria-label="Progress by building">
            <Head first={['Building']} />
            <Table.Tbody>
              {(buildings.data?.items ?? []).map((b) => (
                <Table.Tr key={b.id ?? 'none'}>
                  <Table.Th scope="row" data-label="Building">
                    {b.name}
                  </Table.Th>
                  <FigureCells f={b} />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </StackTable>
      </ListState>
      <Title order={2} size="h4" mt="md">
        By room
      </Title>
      {choices.length > 1 && (
        <Select
          label="Building"
          placeholder="All buildings"
          clearable
          searchable
          w={{ base: '100%', sm: 280 }}
          comboboxProps={{ keepMounted: false }}
          value={buildingId === undefined ? null : String(buildingId)}
          data={choices.map((b) => ({ value: String(b.id), label: b.name }))}
          onChange={(v) => setFilter('building', v)}
        />
      )}
      <ListState
        loading={rooms.isPending}
        error={rooms.isError ? rooms.error : null}
        onRetry={() => rooms.refetch()}
        empty={!!rooms.data && rooms.data.items.length === 0}
        emptyText="No rooms yet"
        emptyHint="A room is listed once the count expects a unit there or something is scanned in it."
        skeletonHeight={40}
      >
        <StackTable stackBelow={760}>
          <Table bg="white" verticalSpacing="xs" fz="sm" aria-label="Progress by room">
            <Head first={['Room', 'Building']} />
            <Table.Tbody>
              {(rooms.data?.items ?? []).map((r) => (
                <Table.Tr key={r.id ?? 'none'}>
                  <Table.Th scope="row" data-label="Room">
                    {r.code} · {r.name}
                  </Table.Th>
                  <Table.Td data-label="Building">{r.buildingName ?? ''}</Table.Td>
                  <FigureCells f={r} />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </StackTable>
        {rooms.data && <Pager page={page} total={rooms.data.total} pageSize={PAGE_SIZE} onChange={setPage} />}
      </ListState>
    </Stack>
  );
}
