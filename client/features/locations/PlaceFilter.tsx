import { Select, type StyleProp } from '@mantine/core';
import { useBuildings, useRoomsOf } from './api';

/**
 * Building and Room selects that narrow a list to one place (the repair boards; docs/decisions/locations.md). The
 * values are ids as text ('' for any), as the address keeps them; choosing a building clears the room.
 */
export function PlaceFilter({
  building,
  room,
  onChange,
  extra,
  w = 220,
}: {
  /** Each select's width (a number, or per breakpoint). */
  w?: StyleProp<React.CSSProperties['width']>;
  building: string;
  room: string;
  onChange: (place: { building: string; room: string }) => void;
  /** A place that is not a building of the list (the office's counter), chosen as a building without rooms. */
  extra?: { value: string; label: string };
}) {
  const buildings = useBuildings().data?.items ?? [];
  const listed = /^\d+$/.test(building);
  const rooms = useRoomsOf(listed ? Number(building) : null).data?.items ?? [];
  return (
    <>
      <Select
        label="Building"
        placeholder="All buildings"
        clearable
        searchable
        w={w}
        comboboxProps={{ keepMounted: false }}
        value={building || null}
        data={[...(extra ? [extra] : []), ...buildings.map((b) => ({ value: String(b.id), label: b.name }))]}
        onChange={(v) => onChange({ building: v ?? '', room: '' })}
      />
      <Select
        label="Room"
        placeholder={listed ? 'All rooms' : 'Choose a building first'}
        clearable
        searchable
        disabled={!listed}
        w={w}
        comboboxProps={{ keepMounted: false }}
        value={room || null}
        data={rooms.map((r) => ({ value: String(r.id), label: `${r.name} (${r.code})` }))}
        onChange={(v) => onChange({ building, room: v ?? '' })}
      />
    </>
  );
}
