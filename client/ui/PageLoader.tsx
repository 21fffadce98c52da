import { Center, Loader } from '@mantine/core';

export function PageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}
