/**
 * What custody holds against removing an account or an item (docs/decisions/custody.md): a person stays active
 * while accountable for units, and an item is not deleted while units of it are in someone's custody.
 */
import type { AccountHold, ItemHold } from '../../ports';
import { itemUnitsIssued } from '../inventory';
import { unitsHeldBy } from './queries';

export const custodyHold: AccountHold = {
  async holding(trx, accountId) {
    const units = await unitsHeldBy(trx, accountId);
    return units > 0 ? { custody: units } : null;
  },
};

/** Tracking makes units only from counted items, which have none in custody: nothing to lock or name. */
export const custodyItemHold: ItemHold = {
  unitsOut: itemUnitsIssued,
  lockHolders: async () => {},
  giveUnits: async () => 0,
};
