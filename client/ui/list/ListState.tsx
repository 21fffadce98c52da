import { useDeferredValue, type ReactNode } from 'react';
import { Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { failureOf } from '../../lib/api';
import { ErrorAlert } from '../ErrorAlert';

/** Loading skeleton, error with Try Again, the empty text, or the list. */
export function ListState({
  loading,
  error,
  onRetry,
  empty,
  emptyText,
  emptyHint,
  skeletonHeight = 150,
  retryLabel = 'Try Again',
  children,
}: {
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  empty: boolean;
  emptyText: string;
  emptyHint?: string;
  skeletonHeight?: number;
  /** The error's button ('Retry' where the spec says so). */
  retryLabel?: string;
  children: ReactNode;
}) {
  // The answer arrives as an urgent update (the query cache is an external store); the list it brings renders
  // as a deferred one, in slices that yield to the browser, rather than as one long task on a phone.
  const waiting = useDeferredValue(loading);
  if (loading || waiting) {
    return (
      <Stack role="status" aria-label="Loading" gap="sm">
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} h={skeletonHeight} radius="md" />
        ))}
      </Stack>
    );
  }
  if (error) {
    return (
      <Card withBorder>
        <ErrorAlert {...failureOf(error)} />
        <Button onClick={onRetry}>{retryLabel}</Button>
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
