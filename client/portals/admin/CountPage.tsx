/** A count's page (docs/decisions/counts.md). */
export { default } from '../../features/counts/CountScreen';
