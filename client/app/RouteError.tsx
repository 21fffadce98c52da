import { useEffect } from 'react';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useDocumentTitle } from '../ui/useDocumentTitle';

export const NEW_VERSION_TITLE = 'A new version of Campus GSO is available';

/**
 * A screen's code that could not be loaded: after a deploy the old file names are gone (Chromium: "Failed to
 * fetch dynamically imported module", Safari: "Importing a module script failed", Firefox: "error loading
 * dynamically imported module", webpack-style bundles: ChunkLoadError), or Vite's preload of a CSS file failed.
 */
export function isStaleChunkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /failed to fetch dynamically imported module|importing a module script failed|error loading dynamically imported module|unable to preload css|loading (css )?chunk [\w-]+ failed/i.test(
      error.message,
    )
  );
}

function describe(error: unknown): { title: string; detail: string } {
  if (isRouteErrorResponse(error)) {
    return {
      title: error.status === 404 ? 'This page could not be found' : `The page could not be shown (${error.status})`,
      detail: typeof error.data === 'string' && error.data ? error.data : error.statusText || 'The server refused the page.',
    };
  }
  return {
    title: 'Something went wrong on this page',
    detail: error instanceof Error && error.message ? error.message : 'An unexpected error stopped this page from showing.',
  };
}

/**
 * A route's error element: what happened, and a way on (reload, or back to the portal's home). Inside a portal's
 * shell it is the screen; on its own (the shell itself failed) it is the page, with its own main landmark.
 */
export function RouteError({
  home,
  homeLabel = 'Back to Dashboard',
  inShell = false,
}: {
  home: string;
  homeLabel?: string;
  inShell?: boolean;
}) {
  const error = useRouteError();
  const stale = isStaleChunkError(error);
  const { title, detail } = stale
    ? { title: NEW_VERSION_TITLE, detail: 'Campus GSO was updated since this page was opened. Reload to continue with the new version.' }
    : describe(error);
  useDocumentTitle(stale ? 'New version available' : 'Something went wrong');
  useEffect(() => {
    if (!stale) console.error(error);
  }, [error, stale]);

  const body = (
    <Stack align="center" gap="sm" ta="center" maw={520}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dark.6">{detail}</Text>
      <Group justify="center" gap="sm" mt="xs">
        <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => window.location.reload()}>
          Reload
        </Button>
        {/* A full page load: the way home gets the new version too. */}
        <Button variant="default" component={Link} to={home} reloadDocument={stale}>
          {homeLabel}
        </Button>
      </Group>
    </Stack>
  );
  return inShell ? (
    <Center mih="50vh" p="md">
      {body}
    </Center>
  ) : (
    <Center mih="100vh" component="main" id="main" p="md">
      {body}
    </Center>
  );
}
