import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { plural } from '../../core/format';
import { MSG } from '../../core/messages';
import { ApiError } from '../lib/api';
import { FileDrop } from './FileDrop';
import { lightTone } from './tones';

type Action = 'create' | 'update' | 'unchanged';
export interface CsvPreviewRowBase {
  line: number;
  action: Action;
  error: string | null;
}
export interface CsvPreviewBase<Row extends CsvPreviewRowBase> {
  rows: Row[];
  errors: number;
  creates: number;
  updates: number;
  fileError: string | null;
}

const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : MSG.serverError);

/**
 * Import CSV, the same for every list that imports (inventory, locations: docs/decisions/inventory-csv.md):
 * choose a file, the server checks every row and shows what importing would do; Import stays disabled while any
 * row has an error, and imports every row or none.
 */
export function CsvImportDialog<Preview extends CsvPreviewBase<CsvPreviewRowBase>>({
  title,
  intro,
  fileId,
  maxChars,
  preview,
  run,
  newLabel,
  columns,
  cells,
  summary,
  onClose,
}: {
  title: string;
  /** What the file must hold, in the screen's words. */
  intro: ReactNode;
  fileId: string;
  maxChars: number;
  preview: UseMutationResult<Preview, Error, string>;
  run: UseMutationResult<{ message: string }, Error, string>;
  /** The badge of a row that adds something ("New item"). */
  newLabel: string;
  /** The preview's columns between Line and Result, and a row's cells for them. */
  columns: string[];
  cells: (row: Preview['rows'][number]) => ReactNode[];
  /** The counts line; by default new, to update and with errors. */
  summary?: (data: Preview) => string;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (f: File) => {
    setFile(f);
    setCsv(null);
    setProblem(null);
    preview.reset();
    if (f.size > maxChars) return setProblem('The file is too large to import at once. Please split it into smaller files.');
    const text = await f.text();
    setCsv(text);
    preview.mutate(text);
  };

  const data = preview.data;
  const blocked = !csv || !data || !!data.fileError || data.errors > 0 || data.rows.length === 0;
  const actionLabel: Record<Action, string> = { create: newLabel, update: 'Update', unchanged: 'No change' };

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
    <Modal opened onClose={onClose} title={title} size="xl" centered>
      <Stack>
        <Text size="sm">{intro}</Text>
        <FileDrop
          id={fileId}
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
              {plural(data.rows.length, 'row')}:{' '}
              {summary ? summary(data) : `${data.creates} new, ${data.updates} to update, ${data.errors} with errors.`}
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
                    {['Line', ...columns, 'Result'].map((c) => (
                      <Table.Th key={c}>{c}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((r) => (
                    <Table.Tr key={r.line} bg={r.error ? 'var(--mantine-color-red-0)' : undefined}>
                      <Table.Td>{r.line}</Table.Td>
                      {cells(r).map((cell, i) => (
                        <Table.Td key={i}>{cell}</Table.Td>
                      ))}
                      <Table.Td>
                        {r.error ? (
                          <Text size="sm" c="red.9">
                            {r.error}
                          </Text>
                        ) : (
                          <Badge {...lightTone(r.action === 'create' ? 'green' : r.action === 'update' ? 'blue' : 'gray')}>
                            {actionLabel[r.action]}
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
