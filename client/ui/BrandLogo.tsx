import { Group, Text } from '@mantine/core';

/** The logo and name, without a link: the landing page, which has no router, wraps it in a plain anchor. */
export function BrandLogo() {
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/favicon.svg" alt="" width={32} height={32} />
      <Text fw={800} fz={{ base: 'md', xs: 'lg' }} c="gso.7" style={{ whiteSpace: 'nowrap' }}>
        Campus GSO
      </Text>
    </Group>
  );
}

export const BRAND_LINK_STYLE = { textDecoration: 'none', color: 'inherit' } as const;
