import type { ReactNode } from 'react';
import { Badge, Button, Card, Group, Pagination, Skeleton, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { plural } from '../../../core/format';
import { formatExact, relativeTimeCoarse } from '../../../core/time';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { formatCalendarDate, formatDay } from '../../lib/dates';

/**
 * The pieces the office's request and borrow-record boards share: search, tabs with counts, list
 * states (loading, error with Try Again, empty), paging, and the date facts on a card.
 */

export function SearchField({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      type="search"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

export interface TabDef<T extends string> {
  value: T;
  label: string;
}

/** Tabs with their counts; the list shows in the active tab's panel. */
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
      <Tabs.List aria-label={label} mb="md">
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

/** Loading skeleton, error with Try Again, the empty text, or the list. */
export function ListState({
  loading,
  error,
  onRetry,
  empty,
  emptyText,
  emptyHint,
  children,
}: {
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  empty: boolean;
  emptyText: string;
  emptyHint?: string;
  children: ReactNode;
}) {
  if (loading) {
    return (
      <Stack role="status" aria-label="Loading" gap="sm">
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} h={150} radius="md" />
        ))}
      </Stack>
    );
  }
  if (error) {
    return (
      <Card withBorder>
        <ErrorAlert title="Error" message={error.message} />
        <Button onClick={onRetry}>Try Again</Button>
      </Card>
    );
  }
  if (empty) {
    return (
      <Card withBorder py="xl">
        <Text ta="center" fw={600}>
          {emptyText}
        </Text>
        {emptyHint && (
          <Text ta="center" size="sm" c="dark.6" mt={4}>
            {emptyHint}
          </Text>
        )}
      </Card>
    );
  }
  return <Stack gap="sm">{children}</Stack>;
}

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

/** "Needed: Nov 20, 2026" and the like; wraps on narrow screens. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" span>
      <Text span c="dark.6">
        {label}:{' '}
      </Text>
      <Text span fw={500}>
        {children}
      </Text>
    </Text>
  );
}

const When = ({ iso }: { iso: string }) => (
  <span title={formatExact(iso)}>
    {formatDay(iso)} ({relativeTimeCoarse(iso)})
  </span>
);

/**
 * Requested, returned and completed (instants, with relative time and the exact time on hover);
 * needed and expected return (calendar dates).
 */
export function LoanDates({
  requested,
  needed,
  expectedReturn,
  returned,
  completed,
}: {
  requested: string;
  needed: string;
  expectedReturn: string;
  returned?: string | null;
  completed?: string | null;
}) {
  return (
    <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
      <Fact label="Requested">
        <When iso={requested} />
      </Fact>
      <Fact label="Needed">{formatCalendarDate(needed)}</Fact>
      <Fact label="Expected return">{formatCalendarDate(expectedReturn)}</Fact>
      {returned && (
        <Fact label="Returned">
          <When iso={returned} />
        </Fact>
      )}
      {completed && completed !== returned && (
        <Fact label="Completed">
          <When iso={completed} />
        </Fact>
      )}
    </Group>
  );
}

export const unitCount = (n: number) => plural(n, 'item');
