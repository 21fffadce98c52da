import { useEffect } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { MSG } from '../../../core/messages';
import { api } from '../../lib/api';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

export default function NotFound() {
  useDocumentTitle('Page not found');
  const location = useLocation();
  useEffect(() => {
    console.warn('404: no page at', location.pathname);
    api.post('/api/site/log-not-found', { path: location.pathname }).catch(() => undefined);
  }, [location.pathname]);
  return (
    <Center mih="100vh" component="main" p="md">
      <Stack align="center" gap="sm" ta="center">
        <Text fz={72} fw={800} c="gso.6" aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          {MSG.notFoundTitle}
        </Title>
        <Text c="dimmed">The page you are looking for does not exist or has been moved.</Text>
        <Button component={Link} to="/">
          Back to Home
        </Button>
      </Stack>
    </Center>
  );
}
