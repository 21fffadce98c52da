import { useEffect, useState } from 'react';
import { Button, Checkbox, Group, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CATEGORIES } from '../../../core/inventory/rules';
import { SUPPLY_REQUESTER_ROLES, type SupplyRequesterRole, type SupplyRequesters } from '../../../core/inventory/supplies';
import { ROLE_LABELS } from '../../../core/roles';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useSaveSupplyRequesters, useSupplyRequesters } from './api';

/**
 * Who may request supplies, per item category (docs/decisions/supplies.md): the roles ticked for each; by default
 * faculty, staff and personnel. The server refuses the others (403 supply_not_allowed) in its own words.
 */
export function SupplyRequestersCard() {
  const stored = useSupplyRequesters();
  const save = useSaveSupplyRequesters();
  const [values, setValues] = useState<SupplyRequesters | null>(null);
  useEffect(() => {
    if (stored.data && !values) setValues(stored.data.requesters);
  }, [stored.data, values]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!values) return;
    save.mutate(values, {
      onSuccess: (res) => {
        setValues(res.requesters);
        notifications.show({ color: 'green', title: 'Success', message: 'Who may request supplies is saved.' });
      },
    });
  };

  return (
    <Card withBorder padding="lg" maw={640} component="section" aria-labelledby="supply-requesters-title">
      <Title order={2} size="h4" id="supply-requesters-title">
        Who may request supplies
      </Title>
      <Text size="sm" c="dark.6" mt={4} mb="md">
        Supplies are issued, not lent. For each category, the roles that may ask for its supplies; the others are told why.
      </Text>
      {stored.isError && <ErrorAlert message={stored.error.message} />}
      {!values ? (
        !stored.isError && <Text size="sm">Loading...</Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {save.isError && <ErrorAlert message={save.error.message} />}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              {CATEGORIES.map((c) => (
                <Checkbox.Group
                  key={c}
                  label={`${c} supplies`}
                  value={values[c]}
                  onChange={(roles) =>
                    setValues({ ...values, [c]: SUPPLY_REQUESTER_ROLES.filter((r) => roles.includes(r)) as SupplyRequesterRole[] })
                  }
                >
                  <Group gap="sm" mt={4}>
                    {SUPPLY_REQUESTER_ROLES.map((r) => (
                      <Checkbox key={r} value={r} label={ROLE_LABELS[r]} aria-label={`${ROLE_LABELS[r]} may request ${c} supplies`} />
                    ))}
                  </Group>
                </Checkbox.Group>
              ))}
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save Supply Requesters
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
