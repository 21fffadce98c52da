/** Counts (docs/decisions/counts.md): the office's list, here so the admin portal alone carries it. */
export { default } from '../../features/counts/CountsScreen';
