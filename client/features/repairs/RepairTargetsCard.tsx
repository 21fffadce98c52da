import { useEffect, useState } from 'react';
import { Button, Card, Group, NumberInput, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { firstIssue } from '../../../core/common/forms';
import { repairTargetsForm, TARGET_MAX, type RepairTargets, type Target } from '../../../core/repairs/deadlines';
import { PRIORITY_LABELS, PRIORITY_ORDER, type Priority } from '../../../core/repairs/rules';
import { failureOf } from '../../lib/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { ListState } from '../../ui/list';
import { useRepairTargets, useSaveRepairTargets } from './api';

const UNITS = [
  { value: 'hours', label: 'working hours' },
  { value: 'days', label: 'working days' },
];
const KINDS = { respond: 'Respond within', fix: 'Fix within' } as const;

/**
 * The office's promises per priority (docs/decisions/repair-deadlines.md): respond (first assignment) and fix
 * (completed) within working hours or days of the office calendar. New reports are held to them.
 */
export function RepairTargetsCard() {
  const current = useRepairTargets();
  const save = useSaveRepairTargets();
  const [targets, setTargets] = useState<RepairTargets | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (current.data && !targets) setTargets(current.data);
  }, [current.data, targets]);

  const set = (p: Priority, kind: keyof typeof KINDS, t: Partial<Target>) =>
    targets && setTargets({ ...targets, [p]: { ...targets[p], [kind]: { ...targets[p][kind], ...t } } });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const issue = firstIssue(repairTargetsForm, targets);
    setError(issue?.message ?? null);
    if (issue || !targets) return;
    save.mutate(targets, {
      onSuccess: (res) => (setTargets(res.targets), notifications.show({ color: 'green', title: 'Success', message: res.message })),
      onError: (err) => setError(failureOf(err).message),
    });
  };

  return (
    <Card withBorder padding="lg" maw={640} component="section" aria-labelledby="repair-targets-title">
      <Title order={2} size="h4" id="repair-targets-title">
        Repair targets
      </Title>
      <Text size="sm" c="dark.6" mt={4} mb="md">
        How soon the office responds to a report (assigns it) and fixes it (completes it), by priority, counted in the office calendar's
        open hours. Reports made from now on are held to these; each report shows its respond-by and fix-by times.
      </Text>
      {!targets ? (
        <ListState loading={current.isPending} error={current.error} onRetry={() => current.refetch()} empty={false} emptyText="">
          {null}
        </ListState>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Repair targets">
          <Stack gap="sm">
            {error && <ErrorAlert message={error} />}
            <Table.ScrollContainer minWidth={300} type="native" tabIndex={0} role="region" aria-label="Targets, scrolls sideways">
              <Table verticalSpacing="xs">
                <Table.Tbody>
                  {PRIORITY_ORDER.map((p) =>
                    (Object.keys(KINDS) as (keyof typeof KINDS)[]).map((kind) => {
                      const label = `${PRIORITY_LABELS[p]} priority: ${KINDS[kind].toLowerCase()}`;
                      const t = targets[p][kind];
                      return (
                        <Table.Tr key={`${p}-${kind}`}>
                          <Table.Th scope="row" fw={kind === 'respond' ? 600 : 400}>
                            <Text size="sm" fw="inherit">
                              {kind === 'respond' ? PRIORITY_LABELS[p] : ''}
                            </Text>
                            <Text size="xs" c="dark.6">
                              {KINDS[kind]}
                            </Text>
                          </Table.Th>
                          <Table.Td>
                            <Group gap="xs" wrap="nowrap">
                              <NumberInput
                                aria-label={`${label}, amount`}
                                w={80}
                                min={1}
                                max={TARGET_MAX[t.unit]}
                                allowDecimal={false}
                                clampBehavior="none"
                                value={t.amount}
                                onChange={(v) => set(p, kind, { amount: typeof v === 'number' ? v : Number.NaN })}
                              />
                              <Select
                                aria-label={`${label}, unit`}
                                w={150}
                                allowDeselect={false}
                                comboboxProps={{ keepMounted: false }}
                                data={UNITS}
                                value={t.unit}
                                onChange={(v) => v && set(p, kind, { unit: v as Target['unit'] })}
                              />
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      );
                    }),
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save Targets
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
