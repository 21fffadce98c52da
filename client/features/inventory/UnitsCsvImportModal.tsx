import { UNIT_CSV_COLUMNS, UNIT_CSV_MAX_CHARS } from '../../../core/inventory/csvColumns';
import { CsvImportDialog } from '../../ui/CsvImportDialog';
import { useUnitsCsvImport, useUnitsCsvPreview } from './api';

/** Import Units CSV (docs/decisions/units.md): a row whose asset tag is a unit updates it; others add units to the tracked item named. */
export function UnitsCsvImportModal({ onClose }: { onClose: () => void }) {
  return (
    <CsvImportDialog
      title="Import Units CSV"
      intro={
        <>
          The first line names the columns: {UNIT_CSV_COLUMNS.map(([h]) => h).join(', ')}. A row whose asset tag is already a unit updates
          it; other rows add units to the tracked item they name. Export CSV gives a file in this form.
        </>
      }
      fileId="units-csv"
      maxChars={UNIT_CSV_MAX_CHARS}
      preview={useUnitsCsvPreview()}
      run={useUnitsCsvImport()}
      newLabel="New unit"
      columns={['Item', 'Asset Tag', 'Condition', 'Status', 'Home Room Code']}
      cells={(r) => [r.item, r.tag, r.condition, r.status, r.room]}
      onClose={onClose}
    />
  );
}
