import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Stack, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconFileDownload, IconFileTypePdf, IconScan } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { COUNT_MSG, COUNT_SCREEN } from '../../../core/inventory/counts';
import { MSG } from '../../../core/messages';
import { ApiError, hrefOf } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { AppLink } from '../../lib/navigation';
import { Fact } from '../../ui/Fact';
import { ListState, useListParams } from '../../ui/list';
import { PageHeader } from '../../ui/PageHeader';
import { useCampusTime } from '../site/useCampusTime';
import { useCount } from './api';
import { ClosedNote, CloseCountButton, MarkLostButton } from './CountCloseActions';
import { CountFigures } from './CountFigures';
import { CountProgress } from './CountProgress';
import { CountStatusBadge, scopeOf } from './CountsScreen';
import { CountItemList, UnknownTagList } from './CountTagAndItemLists';
import { CountUnitList } from './CountUnitList';

const TABS = ['progress', 'found_elsewhere', 'not_found', 'unknown', 'unexpected', 'items'] as const;
type Tab = (typeof TABS)[number];

/** The report's downloads: PDF and CSV, a draft while the count is open. */
function ReportButtons({ id }: { id: number }) {
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const download = async (kind: 'csv' | 'pdf') => {
    setBusy(kind);
    try {
      const path = kind === 'csv' ? '/api/counts/:id/report.csv' : '/api/counts/:id/report.pdf';
      await downloadFile(hrefOf(path, { params: { id } }), { fallbackName: `count_report.${kind}` });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Error', message: err instanceof ApiError ? err.message : MSG.serverError });
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button variant="default" leftSection={<IconFileTypePdf size={18} />} loading={busy === 'pdf'} onClick={() => download('pdf')}>
        {COUNT_SCREEN.reportPdf}
      </Button>
      <Button variant="default" leftSection={<IconFileDownload size={18} />} loading={busy === 'csv'} onClick={() => download('csv')}>
        {COUNT_SCREEN.reportCsv}
      </Button>
    </>
  );
}

/**
 * A count's page (docs/decisions/counts.md): its scope and figures, progress per building and room, the units found
 * elsewhere (moved with one confirmation), not found (with their values), unknown tags, the report; Close count,
 * then Mark N units lost as the second confirmation.
 */
export default function CountScreen() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const count = useCount(id, valid);
  const { tab, setTab, page, setPage } = useListParams<Tab>({ tabs: TABS, defaultTab: 'progress' });
  const time = useCampusTime();
  const c = count.data;
  const figure = (n: number) => (
    <Badge size="sm" variant="light" color="gso" aria-hidden>
      {n}
    </Badge>
  );
  const tabs: { value: Tab; label: string; n?: number }[] = c
    ? [
        { value: 'progress', label: COUNT_SCREEN.progress },
        { value: 'found_elsewhere', label: COUNT_SCREEN.foundElsewhere, n: c.figures.foundElsewhere },
        { value: 'not_found', label: COUNT_SCREEN.notFound, n: c.figures.notFound },
        { value: 'unknown', label: COUNT_SCREEN.unknownTags, n: c.figures.unknownTags },
        { value: 'unexpected', label: COUNT_SCREEN.unexpected, n: c.figures.unexpected },
        ...(c.items.expected > 0 ? [{ value: 'items' as const, label: COUNT_SCREEN.itemsByQuantity, n: c.items.expected }] : []),
      ]
    : [];
  return (
    <Stack>
      <Anchor component={AppLink} to="/admin/counts" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden /> {COUNT_SCREEN.counts}
        </Group>
      </Anchor>
      <PageHeader
        title={c ? `Count ${c.reference}` : 'Count'}
        subtitle={c ? `${c.name} · ${scopeOf(c)}` : undefined}
        actions={
          c && (
            <Group gap="xs">
              {c.status === 'open' && (
                <>
                  <Button variant="default" component={AppLink} to={`/admin/count?count=${c.id}`} leftSection={<IconScan size={18} />}>
                    {COUNT_SCREEN.countRooms}
                  </Button>
                  <CloseCountButton count={c} />
                </>
              )}
              <MarkLostButton count={c} />
              <ReportButtons id={c.id} />
            </Group>
          )
        }
      />
      <ListState
        loading={valid && count.isPending}
        error={!valid ? new Error(COUNT_MSG.countNotFound) : count.isError ? count.error : null}
        onRetry={() => count.refetch()}
        empty={false}
        emptyText=""
        skeletonHeight={80}
      >
        {c && (
          <Stack>
            <Card withBorder>
              <Group gap="lg" wrap="wrap">
                <CountStatusBadge status={c.status} />
                <Fact label="Started">{`${time.dateTime(c.startedAt)}${c.startedBy ? ` by ${c.startedBy}` : ''}`}</Fact>
                {c.closedAt && <Fact label="Closed">{`${time.dateTime(c.closedAt)}${c.closedBy ? ` by ${c.closedBy}` : ''}`}</Fact>}
              </Group>
              {c.status === 'closed' && <ClosedNote count={c} />}
            </Card>
            <CountFigures figures={c.figures} label={`Figures of count ${c.reference}`} />
            <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMountedMode="display-none">
              <Tabs.List aria-label="Count views" mb="md" className="gso-scroll-tabs">
                {tabs.map((t) => (
                  <Tabs.Tab
                    key={t.value}
                    value={t.value}
                    rightSection={t.n === undefined ? undefined : figure(t.n)}
                    aria-label={t.n === undefined ? t.label : `${t.label} (${t.n})`}
                  >
                    {t.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {tabs.map((t) => (
                <Tabs.Panel key={t.value} value={t.value}>
                  {t.value !== tab ? null : t.value === 'progress' ? (
                    <CountProgress count={c} />
                  ) : t.value === 'unknown' ? (
                    <UnknownTagList countId={c.id} page={page} setPage={setPage} />
                  ) : t.value === 'items' ? (
                    <CountItemList countId={c.id} page={page} setPage={setPage} />
                  ) : (
                    <CountUnitList count={c} group={t.value} page={page} setPage={setPage} office />
                  )}
                </Tabs.Panel>
              ))}
            </Tabs>
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}
