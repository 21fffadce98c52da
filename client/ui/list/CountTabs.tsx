import type { ReactNode } from 'react';
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
  return (
    <Tabs value={value} onChange={(v) => v && onChange(v as T)} keepMountedMode="display-none">
      <Tabs.List aria-label={label} mb="md" className="gso-scroll-tabs">
        {tabs.map((t) => (
          <Tabs.Tab
            key={t.value}
            value={t.value}
            rightSection={
              counts ? (
                <Badge size="sm" variant="light" color="gso" aria-hidden>
                  {counts[t.value] ?? 0}
                </Badge>
              ) : undefined
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
