import { useEffect, useRef, type ReactNode } from 'react';
import { Badge, Tabs } from '@mantine/core';

export interface TabDef<T extends string> {
  value: T;
  label: string;
}

/**
 * Tabs with their counts; the list shows in the active tab's panel. On a phone the tabs scroll sideways in
 * one row rather than wrapping into several.
 */
export function CountTabs<T extends string>({
  label,
  tabs,
  counts,
  value,
  onChange,
  children,
}: {
  label: string;
  tabs: readonly TabDef<T>[];
  counts: Partial<Record<T, number>> | undefined;
  value: T;
  onChange: (v: T) => void;
  children: ReactNode;
}) {
  // A tab chosen from the address (?tab=) may sit past the phone's edge: bring it into the row's view.
  const listRef = useRef<HTMLDivElement>(null);
  const counted = counts !== undefined; // the counts' digits may widen the tabs when they arrive
  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    const [row, tab] = [list.getBoundingClientRect(), active.getBoundingClientRect()];
    if (tab.left < row.left) list.scrollLeft -= row.left - tab.left + 16;
    else if (tab.right > row.right) list.scrollLeft += tab.right - row.right + 16;
  }, [value, counted]);

  return (
    <Tabs value={value} onChange={(v) => v && onChange(v as T)} keepMountedMode="display-none">
      <Tabs.List ref={listRef} aria-label={label} mb="md" className="gso-scroll-tabs">
        {tabs.map((t) => (
          <Tabs.Tab
            key={t.value}
            value={t.value}
            rightSection={
              // Until the counts arrive the badge keeps its place unseen, so the tabs do not shift when they do.
              <Badge size="sm" variant="light" color="gso" aria-hidden style={counts ? undefined : { visibility: 'hidden' }}>
                {counts?.[t.value] ?? 0}
              </Badge>
            }
            aria-label={counts ? `${t.label} (${counts[t.value] ?? 0})` : t.label}
          >
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Panel key={t.value} value={t.value}>
          {t.value === value ? children : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
