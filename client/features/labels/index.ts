/** What other features may use of the labels: the dialog that prints a sheet of them. */
export { PrintLabelsModal } from './PrintLabelsModal';
