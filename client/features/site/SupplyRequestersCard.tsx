import { Checkbox, Group } from '@mantine/core';
import { SUPPLY_REQUESTER_ROLES, type SupplyRequesterRole } from '../../../core/inventory/supplies';
import { ROLE_LABELS } from '../../../core/roles';
import { PerCategoryCard } from '../../ui/PerCategoryCard';
import { useSaveSupplyRequesters, useSupplyRequesters } from './api';

/**
 * Who may request supplies, per item category (docs/decisions/supplies.md): the roles ticked for each; by default
 * faculty, staff and personnel. The server refuses the others (403 supply_not_allowed) in its own words.
 */
export function SupplyRequestersCard() {
  const stored = useSupplyRequesters();
  const save = useSaveSupplyRequesters();
  return (
    <PerCategoryCard<SupplyRequesterRole[]>
      id="supply-requesters"
      title="Who may request supplies"
      description="Supplies are issued, not lent. For each category, the roles that may ask for its supplies; the others are told why."
      stored={stored.data?.requesters}
      loadError={stored.error}
      save={async (requesters) => (await save.mutateAsync(requesters)).requesters}
      saving={save.isPending}
      saveError={save.error}
      savedMessage="Who may request supplies is saved."
      submitLabel="Save Supply Requesters"
      field={(c, value, change) => (
        <Checkbox.Group
          label={`${c} supplies`}
          value={value}
          onChange={(roles) => change(SUPPLY_REQUESTER_ROLES.filter((r) => roles.includes(r)))}
        >
          <Group gap="sm" mt={4}>
            {SUPPLY_REQUESTER_ROLES.map((r) => (
              <Checkbox key={r} value={r} label={ROLE_LABELS[r]} aria-label={`${ROLE_LABELS[r]} may request ${c} supplies`} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
    />
  );
}
