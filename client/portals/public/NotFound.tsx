import { useEffect } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { MSG } from '../../../core/messages';
import { usePortalHome } from '../../app/portalHome';
import { api } from '../../lib/api';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

/**
 * The 404 page. Inside a portal it shows within the portal's shell (whose main landmark it fills) and leads back
 * to that portal's home; elsewhere it is a page of its own leading to the landing page.
 */
export default function NotFound() {
  useDocumentTitle('Page not found');
  const location = useLocation();
  const portalHome = usePortalHome();
  useEffect(() => {
    console.warn('404: no page at', location.pathname);
    api.post('/api/site/log-not-found', { path: location.pathname }).catch(() => undefined);
  }, [location.pathname]);
  const content = (
    <Stack align="center" gap="sm" ta="center">
      <Text fz={72} fw={800} c="gso.6" aria-hidden>
        404
      </Text>
      <Title order={1} size="h2">
        {MSG.notFoundTitle}
      </Title>
      <Text c="dimmed">The page you are looking for does not exist or has been moved.</Text>
      <Button component={Link} to={portalHome ?? '/'}>
        {portalHome ? 'Back to Dashboard' : 'Back to Home'}
      </Button>
    </Stack>
  );
  return portalHome ? (
    <Center mih="60vh" p="md">
      {content}
    </Center>
  ) : (
    <Center mih="100vh" component="main" p="md">
      {content}
    </Center>
  );
}
