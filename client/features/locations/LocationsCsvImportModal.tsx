import { plural } from '../../../core/format';
import { LOCATION_CSV_COLUMNS, LOCATION_CSV_MAX_CHARS } from '../../../core/locations/csvColumns';
import { CsvImportDialog } from '../../ui/CsvImportDialog';
import { useLocationsCsvImport, useLocationsCsvPreview } from './api';

/**
 * Import Locations CSV (docs/decisions/locations.md), as the inventory's: a row whose room code is on the list
 * updates that room, others add rooms, and a building code not yet on the list adds the building.
 */
export function LocationsCsvImportModal({ onClose }: { onClose: () => void }) {
  return (
    <CsvImportDialog
      title="Import Locations CSV"
      intro={
        <>
          The first line names the columns: {LOCATION_CSV_COLUMNS.map(([h]) => h).join(', ')}. A row whose room code is already on the list
          updates that room; other rows add rooms. A building code not yet on the list adds the building with the row&apos;s building name.
          Export CSV gives a file in this form.
        </>
      }
      fileId="locations-csv"
      maxChars={LOCATION_CSV_MAX_CHARS}
      preview={useLocationsCsvPreview()}
      run={useLocationsCsvImport()}
      newLabel="New room"
      columns={['Building', 'Room Code', 'Room Name', 'Floor']}
      cells={(r) => [
        `${r.buildingCode}${r.buildingName ? ` (${r.buildingName})` : ''}${r.newBuilding && !r.error ? ' · new' : ''}`,
        r.roomCode,
        r.roomName,
        r.floor,
      ]}
      summary={(d) => `${d.creates} new, ${d.updates} to update, ${plural(d.newBuildings, 'new building')}, ${d.errors} with errors.`}
      onClose={onClose}
    />
  );
}
