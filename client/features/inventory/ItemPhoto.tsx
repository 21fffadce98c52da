import { useState } from 'react';
import { Center } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';

/**
 * An item's photo as a small square thumbnail, asked of the server at twice its size (sharp on high-density
 * screens) through ?w=; a box with the package icon when the item has none or it does not load.
 */
export function ItemPhoto({ url, name, size = 48 }: { url: string | null; name: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const box = { width: size, height: size, borderRadius: 8, flex: 'none' } as const;
  if (!url || failed) {
    return (
      <Center style={{ ...box, background: 'var(--mantine-color-gray-1)' }} aria-hidden>
        <IconPackage size={size / 2} color="var(--mantine-color-gray-6)" />
      </Center>
    );
  }
  return (
    <img
      src={`${url}&w=${size * 2}`}
      alt={`Photo of ${name}`}
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailed(true)}
      style={{ ...box, objectFit: 'cover', background: 'var(--mantine-color-gray-1)' }}
    />
  );
}
