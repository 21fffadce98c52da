import { useState } from 'react';
import { Button, Image, Modal, Text, Timeline } from '@mantine/core';
import { IconTimeline } from '@tabler/icons-react';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import { ListState } from '../../ui/list';
import { useCampusTime } from '../site/useCampusTime';
import { useRepairTimeline } from './api';

/**
 * Timeline: a report's story for its reporter, the person assigned and the office (docs/decisions/repair-deadlines.md):
 * each step with when and who, the photos taken when the work started and was completed (with the work description),
 * the reason of a hold.
 */
export function TimelineButton({ report: r }: { report: RepairReportDto }) {
  const [open, setOpen] = useState(false);
  const timeline = useRepairTimeline(r.id, open);
  const campus = useCampusTime();
  const items = timeline.data?.items ?? [];
  return (
    <>
      <Button size="xs" variant="default" leftSection={<IconTimeline size={14} />} onClick={() => setOpen(true)}>
        Timeline
      </Button>
      {open && (
        <Modal opened onClose={() => setOpen(false)} title={`${r.code} timeline`} size="lg">
          <ListState
            loading={timeline.isPending}
            error={timeline.isError ? timeline.error : null}
            onRetry={() => timeline.refetch()}
            empty={!!timeline.data && items.length === 0}
            emptyText="Nothing has happened on this report yet."
          >
            <Timeline active={items.length - 1} bulletSize={14} lineWidth={2} aria-label={`${r.code} timeline`}>
              {items.map((step) => (
                <Timeline.Item key={step.id} title={step.step}>
                  <Text size="xs" c="dark.6">
                    {campus.dateTime(step.at)}
                    {step.who ? ` · ${step.who}` : ''}
                  </Text>
                  <Text size="sm">{step.text}</Text>
                  {step.workDescription && (
                    <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                      <strong>Work performed:</strong> {step.workDescription}
                    </Text>
                  )}
                  {step.photoUrl && (
                    <Image
                      src={`${step.photoUrl}?w=240`}
                      alt={`${step.step}: photo`}
                      w={160}
                      h={100}
                      fit="cover"
                      radius="sm"
                      mt={4}
                      fallbackSrc="/proof-placeholder.svg"
                    />
                  )}
                </Timeline.Item>
              ))}
            </Timeline>
          </ListState>
        </Modal>
      )}
    </>
  );
}
