/** What other features may use of the inventory: an item's units and its photo. */
export { useUnits } from './api';
export { ItemPhoto } from './ItemPhoto';
