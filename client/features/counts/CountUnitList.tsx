import { Badge, Button, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatPeso } from '../../../core/format';
import { COUNT_SCREEN, COUNT_WORDS, type CountUnitGroup } from '../../../core/inventory/counts';
import { ApiError } from '../../lib/api';
import { MSG } from '../../../core/messages';
import { confirmAction } from '../../ui/confirm';
import { ListState, Pager } from '../../ui/list';
import { ListTable } from '../../ui/ListTable';
import { lightTone } from '../../ui/tones';
import { useCampusTime } from '../site/useCampusTime';
import { UnitRowStart } from './UnitRowStart';
import { useCountUnits, useMoveUnit, type CountDto, type CountUnitRowDto } from './api';

const PAGE_SIZE = 25;

const EMPTY: Record<'found_elsewhere' | 'not_found' | 'unexpected', [string, string]> = {
  found_elsewhere: ['Nothing found elsewhere', 'Units found in another room than their home are listed here, to be moved there.'],
  not_found: ['Nothing missing', 'Every unit the count expects has been found.'],
  unexpected: ['Nothing unexpected', 'Units found here whose home is outside the count are listed here.'],
};

/** Move to <room>: one confirmation, then the unit's home room is the room it was found in. */
function MoveButton({ count, unit }: { count: CountDto; unit: CountUnitRowDto }) {
  const move = useMoveUnit(count.id);
  const to = unit.foundRoom ?? '';
  const ask = async () => {
    const ok = await confirmAction({
      title: COUNT_SCREEN.moveTitle(unit.tag),
      message: COUNT_SCREEN.moveText(unit.tag, unit.homeRoom ?? COUNT_WORDS.noRoom, to),
      confirmLabel: COUNT_SCREEN.moveTo(to),
    });
    if (!ok) return;
    try {
      const res = await move.mutateAsync(unit.unitId);
      notifications.show({ color: 'green', message: res.message });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Error', message: err instanceof ApiError ? err.message : MSG.serverError });
    }
  };
  return (
    <Button size="compact-sm" variant="light" loading={move.isPending} onClick={ask} aria-label={`${COUNT_SCREEN.moveTo(to)}: ${unit.tag}`}>
      {COUNT_SCREEN.moveTo(to)}
    </Button>
  );
}

/**
 * One group of a count's units, paged by tag: found elsewhere (with Move to <room>), not found (with their purchase
 * cost, and Lost once confirmed), or found though not expected (their home is outside the count).
 */
export function CountUnitList({
  count,
  group,
  page,
  setPage,
  office,
}: {
  count: CountDto;
  group: Extract<CountUnitGroup, 'found_elsewhere' | 'not_found' | 'unexpected'>;
  page: number;
  setPage: (p: number) => void;
  /** Staff and administrators: they move units. */
  office: boolean;
}) {
  const list = useCountUnits(count.id, { group, page, pageSize: PAGE_SIZE });
  const time = useCampusTime();
  const data = list.data;
  const columns =
    group === 'not_found'
      ? ['Tag', 'Item', 'Home room', 'Value', 'Status']
      : ['Tag', 'Item', 'Home room', 'Found in', 'Found by', ...(group === 'found_elsewhere' ? ['Home room change'] : [])];
  const label =
    group === 'not_found' ? COUNT_SCREEN.notFound : group === 'found_elsewhere' ? COUNT_SCREEN.foundElsewhere : COUNT_SCREEN.unexpected;
  return (
    <ListState
      loading={list.isPending}
      error={list.isError ? list.error : null}
      onRetry={() => list.refetch()}
      empty={!!data && data.items.length === 0}
      emptyText={EMPTY[group][0]}
      emptyHint={EMPTY[group][1]}
      skeletonHeight={40}
    >
      <ListTable label={label} columns={columns} stackBelow={760}>
        {(data?.items ?? []).map((u) => (
          <Table.Tr key={u.unitId}>
            <UnitRowStart unit={u} />
            {group === 'not_found' ? (
              <>
                <Table.Td data-label="Value">{u.purchaseCost === null ? 'Not recorded' : formatPeso(u.purchaseCost)}</Table.Td>
                <Table.Td data-label="Status">
                  {u.lostAt ? <Badge {...lightTone('red')}>Lost</Badge> : <Badge {...lightTone('orange')}>{COUNT_SCREEN.notFound}</Badge>}
                </Table.Td>
              </>
            ) : (
              <>
                <Table.Td data-label="Found in">{u.foundRoom ?? ''}</Table.Td>
                <Table.Td data-label="Found by">
                  {u.foundBy ?? ''}
                  {u.foundAt && (
                    <Text size="xs" c="dark.6">
                      {time.dateTime(u.foundAt)}
                    </Text>
                  )}
                </Table.Td>
                {group === 'found_elsewhere' && (
                  <Table.Td data-label="Home room change">
                    {u.movedAt ? <Badge {...lightTone('green')}>Moved</Badge> : office ? <MoveButton count={count} unit={u} /> : null}
                  </Table.Td>
                )}
              </>
            )}
          </Table.Tr>
        ))}
      </ListTable>
      {data && <Pager page={page} total={data.total} pageSize={PAGE_SIZE} onChange={setPage} />}
    </ListState>
  );
}
