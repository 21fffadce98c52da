/** What other features may use of the repairs: a report's status and priority badges. */
export { PriorityBadge, RepairStatusBadge } from './RepairParts';
