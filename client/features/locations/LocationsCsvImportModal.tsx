import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { plural } from '../../../core/format';
import { LOCATION_CSV_COLUMNS, LOCATION_CSV_MAX_CHARS, type LocationCsvPreviewRow } from '../../../core/locations/csv';
import { MSG } from '../../../core/messages';
import { ApiError } from '../../lib/api';
import { FileDrop } from '../../ui/FileDrop';
import { lightTone } from '../../ui/tones';
import { useLocationsCsvImport, useLocationsCsvPreview } from './api';

const ACTION_LABEL: Record<LocationCsvPreviewRow['action'], string> = { create: 'New room', update: 'Update', unchanged: 'No change' };
const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : MSG.serverError);

/**
 * Import CSV for the rooms (docs/decisions/locations.md), as the inventory's: choose a file, the server checks
 * every row and shows what importing would do; Import stays disabled while any row has an error, and imports
 * every row or none.
 */
export function LocationsCsvImportModal({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useLocationsCsvPreview();
  const run = useLocationsCsvImport();

  const choose = async (f: File) => {
    setFile(f);
    setCsv(null);
    setProblem(null);
    preview.reset();
    if (f.size > LOCATION_CSV_MAX_CHARS) return setProblem('The file is too large to import at once. Please split it into smaller files.');
    const text = await f.text();
    setCsv(text);
    preview.mutate(text);
  };

  const data = preview.data;
  const blocked = !csv || !data || !!data.fileError || data.errors > 0 || data.rows.length === 0;

  const confirm = async () => {
    if (!csv) return;
    try {
      const res = await run.mutateAsync(csv);
      notifications.show({ color: 'green', title: 'Success', message: res.message });
      onClose();
    } catch (err) {
      setProblem(messageOf(err));
    }
  };

  return (
    <Modal opened onClose={onClose} title="Import Locations CSV" size="xl" centered>
      <Stack>
        <Text size="sm">
          The first line names the columns: {LOCATION_CSV_COLUMNS.map(([h]) => h).join(', ')}. A row whose room code is already on the list
          updates that room; other rows add rooms. A building code not yet on the list adds the building with the row&apos;s building name.
          Export CSV gives a file in this form.
        </Text>
        <FileDrop
          id="locations-csv"
          label="CSV file"
          hint="A .csv file, as Export CSV makes it"
          accept={['text/csv', 'application/vnd.ms-excel', 'text/plain']}
          shrink={false}
          file={file}
          onFile={choose}
        />
        {problem && (
          <Alert color="red" title="Error">
            {problem}
          </Alert>
        )}
        {preview.isError && (
          <Alert color="red" title="Error">
            {messageOf(preview.error)}
          </Alert>
        )}
        {preview.isPending && <Text size="sm">Checking the file...</Text>}
        {data?.fileError && (
          <Alert color="red" title="Error">
            {data.fileError}
          </Alert>
        )}
        {data && !data.fileError && (
          <>
            <Text size="sm" fw={500} role="status">
              {plural(data.rows.length, 'row')}: {data.creates} new, {data.updates} to update, {plural(data.newBuildings, 'new building')},{' '}
              {data.errors} with errors.
            </Text>
            {data.errors > 0 && (
              <Alert color="red" title={`${plural(data.errors, 'row')} with errors`}>
                {MSG.csvFixErrors}
              </Alert>
            )}
            <Table.ScrollContainer minWidth={720} mah={360} type="native" tabIndex={0} role="region" aria-label="Import preview, scrolls">
              <Table withTableBorder fz="sm" verticalSpacing={4} aria-label="Import preview">
                <Table.Thead>
                  <Table.Tr>
                    {['Line', 'Building', 'Room Code', 'Room Name', 'Floor', 'Result'].map((c) => (
                      <Table.Th key={c}>{c}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((r) => (
                    <Table.Tr key={r.line} bg={r.error ? 'var(--mantine-color-red-0)' : undefined}>
                      <Table.Td>{r.line}</Table.Td>
                      <Table.Td>
                        {r.buildingCode}
                        {r.buildingName ? ` (${r.buildingName})` : ''}
                        {r.newBuilding && !r.error ? ' · new' : ''}
                      </Table.Td>
                      <Table.Td>{r.roomCode}</Table.Td>
                      <Table.Td>{r.roomName}</Table.Td>
                      <Table.Td>{r.floor}</Table.Td>
                      <Table.Td>
                        {r.error ? (
                          <Text size="sm" c="red.9">
                            {r.error}
                          </Text>
                        ) : (
                          <Badge {...lightTone(r.action === 'create' ? 'green' : r.action === 'update' ? 'blue' : 'gray')}>
                            {ACTION_LABEL[r.action]}
                          </Badge>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={blocked} loading={run.isPending} onClick={confirm}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
