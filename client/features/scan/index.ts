/** What other features may use of scanning: the camera dialog and what a scanned label names. */
export { ScanDialog, type ReadSource } from './ScanDialog';
export { NOT_OUR_LABEL, scannedTag } from './targets';
