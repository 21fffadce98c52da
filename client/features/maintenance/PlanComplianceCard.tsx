import { Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatCalendarDate } from '../../../core/time';
import { ListState } from '../../ui/list';
import { usePlanCompliance } from './api';

/**
 * Plan compliance (docs/decisions/maintenance-plans.md): of the plan jobs due in the last 90 days, those done on
 * or before their due day.
 */
export function PlanComplianceCard() {
  const compliance = usePlanCompliance();
  const c = compliance.data;
  return (
    <Card withBorder padding="lg" aria-labelledby="plan-compliance-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id="plan-compliance-title">
          Maintenance plan compliance
        </Title>
        <Button component={Link} to="/admin/maintenance-plans" variant="light" size="xs">
          Maintenance Plans
        </Button>
      </Group>
      <ListState
        loading={compliance.isPending}
        error={compliance.error}
        onRetry={() => compliance.refetch()}
        empty={false}
        emptyText=""
        skeletonHeight={80}
      >
        {c && (
          <Stack gap="sm">
            <Text size="sm" c="dark.6">
              Jobs due {formatCalendarDate(c.from)} to {formatCalendarDate(c.to)} (the last 90 days).
            </Text>
            <Text fw={700} size="xl" data-testid="plan-compliance">
              {c.percent === null ? 'No plan jobs were due' : `${c.percent}% done on time (${c.onTime} of ${c.due})`}
            </Text>
            {c.percent !== null && <Progress value={c.percent} color="green" aria-label="Done on time" />}
            <SimpleGrid cols={{ base: 3 }}>
              <Text size="sm">On time: {c.onTime}</Text>
              <Text size="sm">Late: {c.late}</Text>
              <Text size="sm">Missed: {c.missed}</Text>
            </SimpleGrid>
          </Stack>
        )}
      </ListState>
    </Card>
  );
}
