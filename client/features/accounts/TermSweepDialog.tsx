import { useRef, useState } from 'react';
import { Alert, Badge, Button, FileButton, Group, Modal, Select, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TermSweepPreview } from '../../../core/accounts/schemas';
import { plural } from '../../../core/format';
import { ApiError } from '../../lib/api';
import { confirmAction } from '../../ui/confirm';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { TONE } from '../../ui/tones';
import { useTermSweep, useTermSweepPreview } from './api';

const EMAIL_IN_TEXT = /[^\s,;"'<>]+@[^\s,;"'<>]+\.[^\s,;"'<>]+/g;
/** A registrar's export of a few thousand rows is well under this; anything larger is not a list of emails. */
const MAX_LIST_BYTES = 1024 * 1024;

/**
 * The end-of-term sweep (docs/decisions/campus-sign-in.md): choose students or faculty not signed in since a day
 * and/or by a list of emails (pasted, or a CSV's text), see who still holds items, deactivate the others at once.
 */
export function TermSweepDialog({ onClose }: { onClose: () => void }) {
  const [role, setRole] = useState<'student' | 'faculty'>('student');
  const [since, setSince] = useState('');
  const [emailsText, setEmailsText] = useState('');
  const [found, setFound] = useState<TermSweepPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useTermSweepPreview();
  const sweep = useTermSweep();

  const resetFile = useRef<() => void>(null);
  const emails = [...new Set(emailsText.match(EMAIL_IN_TEXT) ?? [])];
  // The file is read here, in the browser, into the same list as a paste; the server checks the emails it is sent.
  const readList = async (file: File | null) => {
    if (!file) return;
    resetFile.current?.(); // so the same file can be chosen again after it is edited
    setError(null);
    if (file.size > MAX_LIST_BYTES) {
      setError(`${file.name} is too large for a list of emails: at most 1 MB.`);
      return;
    }
    const content = await file.text();
    if (content.includes('\u0000') || !content.match(EMAIL_IN_TEXT)) {
      setError(`${file.name} has no email addresses. Choose a CSV or text file with an email column.`);
      return;
    }
    setEmailsText(content);
    setFound(null);
  };
  const find = async () => {
    setError(null);
    try {
      setFound(await preview.mutateAsync({ role, notSignedInSince: since || undefined, emails: emails.length ? emails : undefined }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : (err as Error).message);
    }
  };
  const free = found?.people.filter((p) => !p.holding) ?? [];
  const run = async () => {
    if (!found) return;
    const ok = await confirmAction({
      title: 'Deactivate accounts',
      message: `Deactivate ${plural(free.length, 'account')}? They are signed out and cannot sign in until reactivated; their history stays. Those still holding items stay active.`,
      confirmLabel: 'Deactivate',
      danger: true,
    });
    if (!ok) return;
    try {
      const res = await sweep.mutateAsync(found.people.map((p) => p.id));
      notifications.show({ color: 'green', title: 'End-of-term sweep', message: res.message });
      await find();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : (err as Error).message);
    }
  };

  return (
    <Modal opened onClose={onClose} title="End-of-term sweep" size="lg">
      <Stack>
        <Text size="sm">
          Choose who to deactivate: those not signed in since a date, or a list of emails (paste them, or read a CSV file). People who still
          hold items or repairs stay active; sweep again once they return.
        </Text>
        <ErrorAlert message={error} />
        <Group grow align="flex-start">
          <Select
            label="Who"
            value={role}
            onChange={(v) => setRole((v ?? 'student') as 'student' | 'faculty')}
            allowDeselect={false}
            data={[
              { value: 'student', label: 'Students' },
              { value: 'faculty', label: 'Faculty' },
            ]}
          />
          <TextInput label="Not signed in since" type="date" value={since} onChange={(e) => setSince(e.currentTarget.value)} />
        </Group>
        <Textarea
          label="Emails"
          description={emails.length ? `${plural(emails.length, 'email')} found` : 'Optional: one per line, or a CSV with an email column'}
          autosize
          minRows={2}
          maxRows={6}
          value={emailsText}
          onChange={(e) => setEmailsText(e.currentTarget.value)}
        />
        <Group justify="space-between">
          <FileButton resetRef={resetFile} onChange={(file) => void readList(file)} accept=".csv,.txt,text/csv,text/plain">
            {(props) => (
              <Button variant="subtle" {...props}>
                Read emails from a CSV file
              </Button>
            )}
          </FileButton>
          <Button variant="default" onClick={() => void find()} loading={preview.isPending} disabled={!since && !emails.length}>
            Find people
          </Button>
        </Group>
        {found && (
          <Stack gap="xs" aria-live="polite">
            <Text fw={600}>
              {plural(found.people.length, 'person', 'people')} found, {plural(free.length, 'account')} can be deactivated now
            </Text>
            {found.unmatched.length > 0 && (
              <Alert color="gray" variant="light" title="Not found">
                {found.unmatched.join(', ')}
              </Alert>
            )}
            {found.people.length > 0 && (
              <Table.ScrollContainer minWidth={320}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Last sign-in</Table.Th>
                      <Table.Th>Holds</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {found.people.map((p) => (
                      <Table.Tr key={p.id}>
                        <Table.Td>
                          <Text size="sm">{p.fullName}</Text>
                          <Text size="xs" c="dimmed">
                            {p.email}
                          </Text>
                        </Table.Td>
                        <Table.Td>{p.lastSignedInAt ? p.lastSignedInAt.slice(0, 10) : 'Never'}</Table.Td>
                        <Table.Td>
                          {p.holding ? (
                            <Badge color={TONE.orange} variant="light" title={p.holding}>
                              Still holds items
                            </Badge>
                          ) : (
                            'Nothing'
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Group justify="flex-end">
              <Button color={TONE.red} onClick={() => void run()} loading={sweep.isPending} disabled={free.length === 0}>
                Deactivate {plural(free.length, 'account')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
