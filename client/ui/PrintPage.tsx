import { useEffect, type ReactNode } from 'react';
import { Box, Button, Center, Loader } from '@mantine/core';
import { ErrorAlert } from './ErrorAlert';

/** A printable page prints itself once what it shows has loaded (docs/product.md: the receipt, the maintenance report). */
export function usePrintWhenReady(ready: boolean) {
  useEffect(() => {
    if (!ready) return;
    const t = setTimeout(() => window.print(), 300);
    return () => clearTimeout(t);
  }, [ready]);
}

/** A printable page's loader or its error with Try Again, or null once it can show its content. */
export function printPageStatus(
  query: { isPending: boolean; error: Error | null; refetch: () => unknown },
  loading: string,
  ready: boolean,
): ReactNode {
  if (query.isPending)
    return (
      <Center h="100vh">
        <Loader role="status" aria-label={loading} />
      </Center>
    );
  if (ready) return null;
  return (
    <Box component="main" p="xl">
      <ErrorAlert message={query.error?.message} />
      <Button mt="md" onClick={() => void query.refetch()}>
        Try Again
      </Button>
    </Box>
  );
}
