import { Anchor, Badge, Group, Image, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PROBLEM_KIND_LABELS } from '../../../core/borrowing/problems';
import type { LoanProblemDto } from '../../../core/borrowing/problemSchemas';
import { useCampusTime } from '../site/useCampusTime';
import { lightTone, TONE } from '../../ui/tones';
import { useRequestFindings } from './api';

/** "Problem reported" with the count of open problems (docs/decisions/loan-problems.md), on the office's boards. */
export function ProblemBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Badge color={TONE.red} variant="filled" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
      {count === 1 ? 'Problem reported' : `Problem reported (${count})`}
    </Badge>
  );
}

const what = (p: LoanProblemDto) => (p.tag ? `${p.itemName} ${p.tag}` : `${p.quantity} × ${p.itemName}`);

/** The problems a borrower reported during a loan: what, broken or missing, their words, the photo, who and when. */
export function ProblemList({ problems }: { problems: LoanProblemDto[] }) {
  const campus = useCampusTime();
  if (!problems.length) return null;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Reported problems">
      {problems.map((p) => (
        <Stack key={p.id} component="li" gap={2}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {what(p)}
            </Text>
            <Badge {...lightTone(p.kind === 'broken' ? 'red' : 'gray')}>{PROBLEM_KIND_LABELS[p.kind]}</Badge>
            {p.resolvedAt && <Badge {...lightTone('green')}>Taken up at verification</Badge>}
          </Group>
          <Text size="sm">{p.description}</Text>
          <Text size="xs" c="dark.6">
            Reported by {p.reportedBy}, {campus.dateTime(p.createdAt)}
          </Text>
          {p.photoUrl && (
            <Anchor href={p.photoUrl} target="_blank" rel="noopener" size="sm" w="max-content">
              <Image src={`${p.photoUrl}?w=240`} alt={`Photo of ${what(p)} reported ${p.kind}`} w={120} h={90} fit="cover" radius="sm" />
            </Anchor>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

/** A request's reported problems, read when it has any (the office's card, the borrower's card). */
export function RequestProblems({ requestId, title }: { requestId: number; title: string }) {
  const one = useRequestFindings(requestId);
  const problems = one.data?.problems ?? [];
  if (!problems.length) return null;
  return (
    <Stack gap={4} p="xs" style={{ border: `1px solid ${TONE.red}`, borderRadius: 'var(--mantine-radius-sm)' }}>
      <Text size="sm" fw={700} c={TONE.red}>
        {title}
      </Text>
      <ProblemList problems={problems} />
    </Stack>
  );
}
