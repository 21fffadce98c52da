/** Count rooms, the counters' phone screen (docs/decisions/counts.md), for staff and administrators. */
export { default } from '../../features/counts/CounterScreen';
