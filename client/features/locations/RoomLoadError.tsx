import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { MSG } from '../../../core/messages';
import { ApiError } from '../../lib/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageHeader } from '../../ui/PageHeader';

/** A room that could not be read: "no such room" for an unknown code, otherwise the error with Try Again. */
export function RoomLoadError({ error, onRetry, actions }: { error: Error; onRetry: () => void; actions?: ReactNode }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Stack gap={0}>
      <PageHeader title={notFound ? MSG.roomNotFound : 'Room'} actions={actions} />
      <ErrorAlert message={error.message} />
      {!notFound && (
        <Group>
          <Button variant="default" onClick={onRetry}>
            Try Again
          </Button>
        </Group>
      )}
    </Stack>
  );
}
