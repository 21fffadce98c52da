import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { DEPARTMENT_CODE_MAX, DEPARTMENT_NAME_MAX, departmentForm } from '../../../core/departments/rules';
import type { Department } from '../../../core/departments/schemas';
import { DEPT } from '../../../core/departments/words';
import { failureOf } from '../../lib/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { FormDialog } from '../../ui/form/FormDialog';
import { TONE } from '../../ui/tones';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { useDepartmentActions, useDepartments } from './api';

const done = (message: string) => notifications.show({ color: 'green', title: 'Success', message });

/** Add a department, or edit one's name and code: checked by core's rule here, and by the server. */
function DepartmentDialog({ department, onClose }: { department: Department | null; onClose: () => void }) {
  const { add, edit } = useDepartmentActions();
  const form = useSchemaForm(departmentForm, { name: department?.name ?? '', code: department?.code ?? '' });
  const submit = async (body: { name: string; code: string }) => {
    const res = department ? await edit.mutateAsync({ id: department.id, ...body }) : await add.mutateAsync(body);
    done(`${res.message}: ${res.department.name} (${res.department.code})`);
    onClose();
  };
  return (
    <FormDialog
      form={form}
      title={department ? `Edit ${department.name}` : 'Add Department'}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={department ? 'Save' : 'Add Department'}
      busy={add.isPending || edit.isPending}
    >
      <TextInput label="Name" required maxLength={DEPARTMENT_NAME_MAX} data-autofocus {...form.getInputProps('name')} />
      <TextInput
        label="Code"
        description="Short, in capitals: CENG"
        required
        maxLength={DEPARTMENT_CODE_MAX}
        autoCapitalize="characters"
        {...form.getInputProps('code')}
      />
    </FormDialog>
  );
}

/** The departments list administrators keep (docs/decisions/departments.md): add, edit, archive and restore. */
export function DepartmentsCard() {
  const list = useDepartments();
  const { archive } = useDepartmentActions();
  const [open, setOpen] = useState<Department | 'new' | null>(null);
  const toggle = (d: Department) =>
    archive.mutate(
      { id: d.id, archived: !d.archived },
      {
        onSuccess: (res) => done(`${res.message}: ${res.department.name}`),
        onError: (e) => notifications.show({ color: 'red', ...failureOf(e) }),
      },
    );
  const items = list.data?.items ?? [];
  return (
    <Card withBorder padding="lg" maw={640} component="section" aria-labelledby="departments-title">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id="departments-title">
          {DEPT.title}
        </Title>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setOpen('new')}>
          Add Department
        </Button>
      </Group>
      <Text size="sm" c="dark.6" mt={4} mb="md">
        {DEPT.intro} An archived department is no longer offered; the people who have it keep it.
      </Text>
      {list.isError && <ErrorAlert message={list.error.message} />}
      {list.isPending ? (
        <Text size="sm">Loading...</Text>
      ) : items.length === 0 ? (
        <Text size="sm">{DEPT.none}</Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing="xs" aria-labelledby="departments-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Code</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text size="sm">{d.name}</Text>
                      {d.archived && (
                        <Badge size="xs" color="gray" variant="light" w="fit-content">
                          {DEPT.archivedTag}
                        </Badge>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{d.code}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button size="compact-xs" variant="subtle" aria-label={`Edit ${d.name}`} onClick={() => setOpen(d)}>
                        Edit
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color={d.archived ? TONE.blue : TONE.gray}
                        aria-label={`${d.archived ? 'Restore' : 'Archive'} ${d.name}`}
                        onClick={() => toggle(d)}
                      >
                        {d.archived ? 'Restore' : 'Archive'}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {open && <DepartmentDialog department={open === 'new' ? null : open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
