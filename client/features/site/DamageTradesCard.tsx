import { useEffect, useState } from 'react';
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CATEGORIES } from '../../../core/inventory/rules';
import { MSG } from '../../../core/messages';
import { jobTypeLabel, type DamageTrades } from '../../../core/repairs/damage';
import { JOB_TYPES, type JobType } from '../../../core/roles';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useDamageTrades, useSaveDamageTrades } from './api';

const JOB_OPTIONS = JOB_TYPES.map((j) => ({ value: j, label: jobTypeLabel(j) }));

/**
 * The trade suggested per item category when a verified return opens a repair for damaged equipment
 * (docs/decisions/return-conditions.md). The office still assigns whom it chooses.
 */
export function DamageTradesCard() {
  const stored = useDamageTrades();
  const save = useSaveDamageTrades();
  const [values, setValues] = useState<DamageTrades | null>(null);
  useEffect(() => {
    if (stored.data && !values) setValues(stored.data.trades);
  }, [stored.data, values]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!values) return;
    save.mutate(values, {
      onSuccess: (res) => {
        setValues(res.trades);
        notifications.show({ color: 'green', title: 'Success', message: MSG.damageTradesSaved });
      },
    });
  };

  return (
    <Card withBorder padding="lg" maw={640} component="section" aria-labelledby="damage-trades-title">
      <Title order={2} size="h4" id="damage-trades-title">
        Repairs of damaged equipment
      </Title>
      <Text size="sm" c="dark.6" mt={4} mb="md">
        When a return is verified with damage, a repair report opens suggesting this trade for the item's category.
      </Text>
      {stored.isError && <ErrorAlert message={stored.error.message} />}
      {!values ? (
        !stored.isError && <Text size="sm">Loading...</Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {save.isError && <ErrorAlert message={save.error.message} />}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {CATEGORIES.map((c) => (
                <Select
                  key={c}
                  label={`${c} items`}
                  data={JOB_OPTIONS}
                  value={values[c]}
                  allowDeselect={false}
                  onChange={(v) => v && setValues({ ...values, [c]: v as JobType })}
                />
              ))}
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save Suggested Trades
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
