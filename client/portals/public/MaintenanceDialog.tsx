import { Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '../../../core/messages';
import { useSiteStatus } from '../../features/site/api';
import { siteStatusKey } from '../../lib/queryKeys';
import { MaintenanceNotice } from '../../ui/MaintenanceNotice';

/** The landing page's maintenance dialog (docs/product.md): loaded only when the site is down. */
export default function MaintenanceDialog() {
  const status = useSiteStatus();
  const qc = useQueryClient();
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={MSG.maintenanceTitle}
      styles={{ title: { fontWeight: 700 } }}
    >
      <MaintenanceNotice
        inDialog
        supportEmail={status.data?.office.email ?? 'gso@campus.test'}
        checking={status.isFetching}
        onTryAgain={() => qc.invalidateQueries({ queryKey: siteStatusKey })}
      />
    </Modal>
  );
}
