/**
 * The inventory's face: what other modules, the demo seed and server/app.ts may use. Everything else in this
 * folder is the module's own.
 */
export {
  itemNamesAndCategories,
  itemsByIds,
  itemsFigure,
  itemsNamed,
  itemStockBasis,
  lockItemRows,
  reportItems,
  shelfOf,
  stockByIds,
  stockOf,
  stockSummary,
  unitsAvailable,
  type ItemStock,
} from './queries';
export { inventoryRoutes } from './routes';
export { reorderDigestJob } from './reorder';
export { countSummary } from './counts/reads';
export { returnToStock, takeFromStock } from './service';
export { moveStock, openStockCards, type StockNote } from './stock/ledger';
export { recordDelivery } from './stock/deliveries';
export { averageCostsCents, heldUnitCosts, issuedByRequest } from './stock/value';
export { issueUnits, itemUnitsIssued, lockUnitRow, logCustodyStep, returnIssuedUnit } from './units/custody';
export { editUnit } from './units/edit';
export { unitEvents } from './units/history';
export { checkInUnits, endUnitRepair, lendUnits, receiveUnits } from './units/loans';
export { findUnit, findUnitByTag, unitsByTags, unitsWithHomeRooms } from './units/rows';
export { trackItem } from './units/track';
export { addUnits } from './units/add';
export { editUnitAsset } from './units/asset';
export { startCount } from './counts/start';
export { scanBatch } from './counts/scans';
export { closeCount, confirmLosses, moveFoundUnit } from './counts/reconcile';
