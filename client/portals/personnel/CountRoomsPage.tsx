/** Count rooms, the counters' phone screen (docs/decisions/counts.md), for personnel. */
export { default } from '../../features/counts/CounterScreen';
