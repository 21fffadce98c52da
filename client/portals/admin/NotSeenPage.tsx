/** Not seen for 12 months (docs/decisions/counts.md). */
export { default } from '../../features/counts/NotSeenScreen';
