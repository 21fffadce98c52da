import { useEffect } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { MSG } from '../../../core/messages';
import { api } from '../../lib/api';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

function NotFoundBody({ home, homeLabel, inPortal }: { home: string; homeLabel: string; inPortal: boolean }) {
  useDocumentTitle('Page not found');
  const location = useLocation();
  useEffect(() => {
    console.warn('404: no page at', location.pathname);
    api.post('/api/site/log-not-found', { body: { path: location.pathname } }).catch(() => undefined);
  }, [location.pathname]);
  // Inside a portal the shell already holds the main landmark; the public page is its own.
  return (
    <Center mih={inPortal ? '60vh' : '100vh'} component={inPortal ? 'div' : 'main'} p="md">
      <Stack align="center" gap="sm" ta="center">
        <Text fz={72} fw={800} c="gso.6" aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          {MSG.notFoundTitle}
        </Title>
        <Text c="dark.6">The page you are looking for does not exist or has been moved.</Text>
        <Button component={Link} to={home}>
          {homeLabel}
        </Button>
      </Stack>
    </Center>
  );
}

/** The public 404 page. */
export default function NotFound() {
  return <NotFoundBody home="/" homeLabel="Back to Home" inPortal={false} />;
}

/** A path inside a portal that holds no screen: the 404 stays in the portal's frame and leads to its home. */
export function PortalNotFound({ home }: { home: string }) {
  return <NotFoundBody home={home} homeLabel="Back to Dashboard" inPortal />;
}
