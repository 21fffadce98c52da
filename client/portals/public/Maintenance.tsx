import { useEffect, useState } from 'react';
import { Center, Container, Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { storage } from '../../lib/storage';
import { useSiteStatus } from '../../features/site/api';
import { siteStatusKey } from '../../lib/queryKeys';
import { MaintenanceNotice } from '../../ui/MaintenanceNotice';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

export default function Maintenance() {
  useDocumentTitle('Website Under Maintenance');
  const status = useSiteStatus();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [stillDown, setStillDown] = useState(false);

  // Once the site is back, the visitor returns to the page they wanted: after Try Again, and on arriving here
  // (a reload, a bookmark) while it is not under maintenance.
  const available = status.data?.available;
  useEffect(() => {
    if (available) navigate(storage.takeRememberedPath() ?? '/', { replace: true });
  }, [available, navigate]);

  // Try Again checks the site again.
  const tryAgain = async () => {
    setChecking(true);
    try {
      const fresh = await api.get('/api/site/status');
      qc.setQueryData(siteStatusKey, fresh);
      if (fresh.available) return;
    } catch {
      /* still unreachable */
    }
    setStillDown(true);
    setChecking(false);
  };

  return (
    <Container size="sm" component="main">
      <Center mih="100vh">
        <Paper withBorder shadow="sm" p="xl" radius="lg">
          <MaintenanceNotice onTryAgain={tryAgain} checking={checking} supportEmail={status.data?.office.email ?? 'gso@campus.test'} />
          {stillDown && (
            <Text ta="center" mt="md" c="dimmed" role="status">
              The site is still under maintenance. Please try again in a little while.
            </Text>
          )}
        </Paper>
      </Center>
    </Container>
  );
}
