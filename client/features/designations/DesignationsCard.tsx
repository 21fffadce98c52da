import { useDeferredValue, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ActionIcon, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { DESIGNATIONS_ANCHOR } from '../../../core/activity/links';
import { cleanDesignation, DESIGNATION_MAX } from '../../../core/designations/rules';
import type { PersonnelDesignations } from '../../../core/designations/schemas';
import { MSG } from '../../../core/messages';
import { ApiError } from '../../lib/api';
import { scrollIntoPlace } from '../../lib/scrollIntoPlace';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { lightTone } from '../../ui/tones';
import { useDesignationActions, useDesignations } from './api';

/** The element the dashboard's Assign Personnel tile and the feed's designation entries lead to. */
export { DESIGNATIONS_ANCHOR };

const jobLabel = (j: string | null) => (j ? j.replace('_', ' ').replace(/^\w/, (c) => c.toUpperCase()) : 'No job type');
const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : MSG.unableToConnect);

/** One designation: its text, or while editing a field where Enter saves and Escape cancels. */
function DesignationRow({
  id,
  text,
  editable,
  onError,
}: {
  id: number;
  text: string;
  editable: boolean;
  onError: (m: string | null) => void;
}) {
  const { edit, remove } = useDesignationActions();
  const [draft, setDraft] = useState<string | null>(null);
  const save = () => {
    const value = cleanDesignation(draft ?? '');
    // Empty text is ignored (docs/product.md); unchanged text needs no request.
    if (value === null || value === text) return setDraft(null);
    edit.mutate({ id, designation: value }, { onSuccess: () => (setDraft(null), onError(null)), onError: (e) => onError(messageOf(e)) });
  };
  if (draft !== null) {
    return (
      <Group gap={4} wrap="nowrap">
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          aria-label={`Edit designation ${text}`}
          value={draft}
          maxLength={DESIGNATION_MAX}
          autoFocus
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              save();
            } else if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              setDraft(null);
            }
          }}
        />
        <ActionIcon variant="subtle" color="green.8" aria-label="Save designation" loading={edit.isPending} onClick={save}>
          <IconCheck size={16} />
        </ActionIcon>
        <ActionIcon variant="subtle" color="gray.7" aria-label="Cancel editing" onClick={() => setDraft(null)}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" justify="space-between">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {text}
      </Text>
      {editable && (
        <Group gap={0} wrap="nowrap">
          <ActionIcon variant="subtle" color="blue.8" aria-label={`Edit designation ${text}`} onClick={() => setDraft(text)}>
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red.8"
            aria-label={`Delete designation ${text}`}
            loading={remove.isPending}
            onClick={() => remove.mutate(id, { onSuccess: () => onError(null), onError: (e) => onError(messageOf(e)) })}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      )}
    </Group>
  );
}

function PersonCard({ person, editable }: { person: PersonnelDesignations; editable: boolean }) {
  const { add } = useDesignationActions();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const value = cleanDesignation(draft);
    if (value === null) return setDraft('');
    add.mutate(
      { personnelId: person.userId, designation: value },
      { onSuccess: () => (setDraft(''), setError(null)), onError: (err) => setError(messageOf(err)) },
    );
  };
  return (
    <Card withBorder padding="sm" aria-label={person.fullName} component="section">
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <Text fw={700}>{person.fullName}</Text>
        <Badge {...lightTone('gray')}>{jobLabel(person.jobType)}</Badge>
      </Group>
      <ErrorAlert message={error} />
      <Stack gap={4}>
        {person.designations.length === 0 ? (
          <Text size="sm" c="dimmed">
            {MSG.noDesignations}
          </Text>
        ) : (
          person.designations.map((d) => (
            <DesignationRow key={d.id} id={d.id} text={d.designation} editable={editable} onError={setError} />
          ))
        )}
      </Stack>
      {editable && (
        <form onSubmit={submit}>
          <Group gap={4} mt="xs" wrap="nowrap">
            <TextInput
              size="xs"
              style={{ flex: 1 }}
              aria-label={`New designation for ${person.fullName}`}
              placeholder="Add a designation"
              maxLength={DESIGNATION_MAX}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
            />
            <Button type="submit" size="xs" variant="light" leftSection={<IconPlus size={14} />} loading={add.isPending}>
              Add
            </Button>
          </Group>
        </form>
      )}
    </Card>
  );
}

/**
 * Personnel Designations (docs/product.md): each personnel member with job type and designations.
 * Administrators add, edit inline (Enter saves, Escape cancels) and delete; personnel see their own.
 */
export function DesignationsCard({ editable }: { editable: boolean }) {
  // Drawn as a deferred update once the answer is in, as lists are (ListState): a dashboard's cards arrive together.
  const list = useDeferredValue(useDesignations());
  // A feed entry about a designation leads here (#personnel-designations); each visit scrolls, not only the first.
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash === `#${DESIGNATIONS_ANCHOR}`) scrollIntoPlace(document.getElementById(DESIGNATIONS_ANCHOR), { smooth: false });
  }, [hash, key]);
  return (
    <Card withBorder id={DESIGNATIONS_ANCHOR} style={{ scrollMarginTop: 80 }}>
      <Title order={2} size="h4" mb="sm">
        {MSG.designationsTitle}
      </Title>
      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} h={100} />
          ))}
        </SimpleGrid>
      ) : list.isError ? (
        <ErrorAlert message={list.error.message} />
      ) : list.data.personnel.length === 0 ? (
        <Text c="dimmed">{MSG.noPersonnel}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {list.data.personnel.map((p) => (
            <PersonCard key={p.userId} person={p} editable={editable} />
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
