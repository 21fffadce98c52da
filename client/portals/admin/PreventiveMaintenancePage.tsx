import { Alert, List, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { ChecklistCard } from '../../features/forms/ChecklistCard';
import { InspectionHistory, useInspectionHistoryParams } from '../../features/forms/InspectionHistory';
import { WorkOrderCard } from '../../features/forms/WorkOrderCard';
import { PageHeader } from '../../ui/PageHeader';

/** Preventive maintenance (docs/product.md, docs/decisions/form-checks.md): the two forms, the office's notes, and the inspections saved from the checklist. */
export default function PreventiveMaintenancePage() {
  const history = useInspectionHistoryParams();
  return (
    <Stack>
      <PageHeader title="Preventive Maintenance" subtitle="Fill, download and file the office's maintenance forms" />
      <ChecklistCard onSaved={(building, room) => history.showPlace({ building, room })} />
      <WorkOrderCard />
      <Alert variant="light" color="gso" icon={<IconInfoCircle />} title="Important Notes">
        <List size="sm" spacing={4}>
          <List.Item>The forms download as PDF files, filled with what you entered.</List.Item>
          <List.Item>Each form has space for signatures: print it and have it signed.</List.Item>
          <List.Item>File the signed forms with the General Services Office records.</List.Item>
        </List>
      </Alert>
      <InspectionHistory params={history} />
    </Stack>
  );
}
