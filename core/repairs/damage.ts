/**
 * Repairs opened by equipment damage found at a return (docs/decisions/return-conditions.md): the trade suggested
 * per item category, which administrators set, and where such a repair is done.
 */
import { CATEGORIES, type Category } from '../inventory/rules';
import { JOB_TYPES, type JobType } from '../roles';

export type DamageTrades = Record<Category, JobType>;

/** How a damage repair ended: the equipment mended (back in stock) or retired beyond repair. */
export type RepairOutcome = 'repaired' | 'retired';

/** The demo's and a new site's choice: each category to the trade that mends it. */
export const DEFAULT_DAMAGE_TRADES: DamageTrades = {
  HVAC: 'hvac_technician',
  Plumbing: 'plumber',
  Janitorial: 'janitor',
  Electrical: 'electrician',
  Maintenance: 'maintenance',
};

/** The stored setting (JSON) read leniently: a category missing or unknown keeps its default. */
export function readDamageTrades(json: string | null | undefined): DamageTrades {
  const out = { ...DEFAULT_DAMAGE_TRADES };
  try {
    const stored = JSON.parse(json ?? '{}') as Record<string, unknown>;
    for (const c of CATEGORIES) {
      const v = stored[c];
      if (typeof v === 'string' && (JOB_TYPES as readonly string[]).includes(v)) out[c] = v as JobType;
    }
  } catch {
    // a damaged setting: the defaults
  }
  return out;
}

/** The trade suggested for an item's category, or null for a category not on the list. */
export const tradeFor = (trades: DamageTrades, category: string): JobType | null =>
  (CATEGORIES as readonly string[]).includes(category) ? trades[category as Category] : null;

/** Where a damage repair is done when the unit has no home room (or the item is counted): the office's counter. */
export const OFFICE_REPAIR_ROOM = 'Office counter';
/** The building filter's value for the office's own place (its counter), which is not a building of the list. */
export const OFFICE_PLACE = 'office';

/** "HVAC technician", "Electrician": a job type in words. */
export const jobTypeLabel = (t: string) =>
  t === 'hvac_technician' ? 'HVAC technician' : t.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
