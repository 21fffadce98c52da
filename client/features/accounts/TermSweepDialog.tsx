import { useRef, useState } from 'react';
import { Alert, Badge, Button, FileButton, Group, Select, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { termSweepForm } from '../../../core/accounts/forms';
import type { TermSweepPreview, TermSweepQuery } from '../../../core/accounts/schemas';
import { plural } from '../../../core/format';
import { messageOf } from '../../lib/api';
import { confirmAction } from '../../ui/confirm';
import { FormDialog } from '../../ui/form/FormDialog';
import { FIRST_FAILURE, useSchemaForm } from '../../ui/form/useSchemaForm';
import { TONE } from '../../ui/tones';
import { useTermSweep, useTermSweepPreview } from './api';

const EMAIL_IN_TEXT = /[^\s,;"'<>]+@[^\s,;"'<>]+\.[^\s,;"'<>]+/g;
/** A registrar's export of a few thousand rows is well under this; anything larger is not a list of emails. */
const MAX_LIST_BYTES = 1024 * 1024;
const emailsIn = (text: string) => [...new Set(text.match(EMAIL_IN_TEXT) ?? [])];

/**
 * The end-of-term sweep (docs/decisions/campus-sign-in.md): choose students or faculty not signed in since a day
 * and/or by a list of emails (pasted, or a CSV's text), see who still holds items, deactivate the others at once.
 */
export function TermSweepDialog({ onClose }: { onClose: () => void }) {
  const form = useSchemaForm(
    termSweepForm,
    { role: 'student' as 'student' | 'faculty', since: '', emailsText: '' },
    {
      show: 'first',
      toBody: ({ role, since, emailsText }): TermSweepQuery => {
        const emails = emailsIn(emailsText);
        return { role, notSignedInSince: since || undefined, emails: emails.length ? emails : undefined };
      },
    },
  );
  const [found, setFound] = useState<TermSweepPreview | null>(null);
  const preview = useTermSweepPreview();
  const sweep = useTermSweep();
  const say = (problem: string) => form.setErrors({ [FIRST_FAILURE]: problem });

  const resetFile = useRef<() => void>(null);
  const emails = emailsIn(form.getValues().emailsText);
  // The file is read here, in the browser, into the same list as a paste; the server checks the emails it is sent.
  const readList = async (file: File | null) => {
    if (!file) return;
    resetFile.current?.(); // so the same file can be chosen again after it is edited
    form.clearErrors();
    if (file.size > MAX_LIST_BYTES) return say(`${file.name} is too large for a list of emails: at most 1 MB.`);
    const content = await file.text();
    if (content.includes('\u0000') || !content.match(EMAIL_IN_TEXT))
      return say(`${file.name} has no email addresses. Choose a CSV or text file with an email column.`);
    form.setFieldValue('emailsText', content);
    setFound(null);
  };
  const find = async (query: TermSweepQuery) => setFound(await preview.mutateAsync(query));
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
      await find(form.getTransformedValues());
    } catch (err) {
      say(messageOf(err));
    }
  };

  return (
    <FormDialog
      form={form}
      title="End-of-term sweep"
      size="lg"
      onClose={onClose}
      onSubmit={find}
      submitLabel="Find people"
      submitDisabled={!form.getValues().since && !emails.length}
      failure={messageOf}
      intro={
        <Text size="sm">
          Choose who to deactivate: those not signed in since a date, or a list of emails (paste them, or read a CSV file). People who still
          hold items or repairs stay active; sweep again once they return.
        </Text>
      }
      after={
        found && (
          <Stack gap="xs" mt="md" aria-live="polite">
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
        )
      }
    >
      <Group grow align="flex-start">
        <Select
          label="Who"
          allowDeselect={false}
          data={[
            { value: 'student', label: 'Students' },
            { value: 'faculty', label: 'Faculty' },
          ]}
          {...form.getInputProps('role')}
        />
        <TextInput label="Not signed in since" type="date" {...form.getInputProps('since')} />
      </Group>
      <Textarea
        label="Emails"
        description={emails.length ? `${plural(emails.length, 'email')} found` : 'Optional: one per line, or a CSV with an email column'}
        autosize
        minRows={2}
        maxRows={6}
        {...form.getInputProps('emailsText')}
      />
      <FileButton resetRef={resetFile} onChange={(file) => void readList(file)} accept=".csv,.txt,text/csv,text/plain">
        {(props) => (
          <Button variant="subtle" {...props} style={{ alignSelf: 'flex-start' }}>
            Read emails from a CSV file
          </Button>
        )}
      </FileButton>
    </FormDialog>
  );
}
