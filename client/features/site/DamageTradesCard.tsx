import { Select } from '@mantine/core';
import { MSG } from '../../../core/messages';
import { jobTypeLabel } from '../../../core/repairs/damage';
import { JOB_TYPES, type JobType } from '../../../core/roles';
import { PerCategoryCard } from '../../ui/PerCategoryCard';
import { useDamageTrades, useSaveDamageTrades } from './api';

const JOB_OPTIONS = JOB_TYPES.map((j) => ({ value: j, label: jobTypeLabel(j) }));

/**
 * The trade suggested per item category when a verified return opens a repair for damaged equipment
 * (docs/decisions/return-conditions.md). The office still assigns whom it chooses.
 */
export function DamageTradesCard() {
  const stored = useDamageTrades();
  const save = useSaveDamageTrades();
  return (
    <PerCategoryCard<JobType>
      id="damage-trades"
      title="Repairs of damaged equipment"
      description="When a return is verified with damage, a repair report opens suggesting this trade for the item's category."
      stored={stored.data?.trades}
      loadError={stored.error}
      save={async (trades) => (await save.mutateAsync(trades)).trades}
      saving={save.isPending}
      saveError={save.error}
      savedMessage={MSG.damageTradesSaved}
      submitLabel="Save Suggested Trades"
      field={(c, value, change) => (
        <Select label={`${c} items`} data={JOB_OPTIONS} value={value} allowDeselect={false} onChange={(v) => v && change(v as JobType)} />
      )}
    />
  );
}
