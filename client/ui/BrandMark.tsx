import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';

export function BrandMark({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} style={{ textDecoration: 'none', color: 'inherit' }} aria-label="Campus GSO home">
      <Group gap={8} wrap="nowrap">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <Text fw={800} fz={{ base: 'md', xs: 'lg' }} c="gso.7" style={{ whiteSpace: 'nowrap' }}>
          Campus GSO
        </Text>
      </Group>
    </Link>
  );
}
