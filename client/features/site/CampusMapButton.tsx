import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMap } from '@tabler/icons-react';
import { useSiteStatus } from './api';

/** Show Map: the campus map image the app ships (docs/product.md). */
export function CampusMapButton() {
  const [opened, { open, close }] = useDisclosure(false);
  const src = useSiteStatus().data?.campusMapUrl ?? '/campus-map.svg';
  return (
    <>
      <Button variant="default" leftSection={<IconMap size={18} />} onClick={open}>
        Show Map
      </Button>
      <Modal opened={opened} onClose={close} title="Campus Map" size="xl" centered>
        <img src={src} alt="Campus map" style={{ width: '100%', display: 'block' }} />
      </Modal>
    </>
  );
}
