import { CSV_COLUMNS, CSV_MAX_CHARS } from '../../../core/inventory/csvColumns';
import { CsvImportDialog } from '../../ui/CsvImportDialog';
import { useCsvImport, useCsvPreview } from './api';

/** Import Inventory CSV: a row whose item name is already in its category updates that item; others add items. */
export function CsvImportModal({ onClose }: { onClose: () => void }) {
  return (
    <CsvImportDialog
      title="Import Inventory CSV"
      intro={
        <>
          The first line names the columns: {CSV_COLUMNS.map(([h]) => h).join(', ')}. A row whose item name is already in its category
          updates that item; other rows add new items. Export CSV gives a file in this form.
        </>
      }
      fileId="inventory-csv"
      maxChars={CSV_MAX_CHARS}
      preview={useCsvPreview()}
      run={useCsvImport()}
      newLabel="New item"
      columns={['Item Name', 'Category', 'Quantity', 'Min Stock', 'Item Status']}
      cells={(r) => [r.name, r.category, r.quantity, r.minStock, r.itemStatus || 'available']}
      onClose={onClose}
    />
  );
}
