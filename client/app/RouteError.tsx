import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { MSG } from '../../core/messages';
import { reloadToLatest } from '../lib/appUpdate';

/** A screen's code that no longer exists on the server: the app was updated since this page was opened. */
export function isStaleChunk(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|ChunkLoadError|Loading chunk .* failed/i.test(
    text,
  );
}

/**
 * What a route shows when its screen fails: what happened and a way back. After a deploy, a screen whose
 * code is gone asks for a reload instead.
 */
export function RouteError({ home = '/' }: { home?: string }) {
  const error = useRouteError();
  const stale = isStaleChunk(error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'An unexpected error occurred.';
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" ta="center" maw={520} role="alert">
        <Title order={1} size="h2">
          {stale ? MSG.updateAvailable : 'Something went wrong'}
        </Title>
        <Text c="dark.6">
          {stale ? 'Reload the page to get the latest version. Nothing you saved is lost.' : `This screen could not be shown: ${detail}`}
        </Text>
        <Group justify="center">
          {/* A new version's worker waiting takes over first; otherwise the page loads afresh. */}
          <Button onClick={reloadToLatest}>Reload</Button>
          {!stale && (
            <Button variant="default" component={Link} to={home} reloadDocument>
              Back to home
            </Button>
          )}
        </Group>
      </Stack>
    </Center>
  );
}
