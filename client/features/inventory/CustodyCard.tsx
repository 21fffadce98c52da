import { useState } from 'react';
import { Badge, Button, Card, Group, SegmentedControl, Select, Stack, TagsInput, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconArrowsExchange, IconPrinter, IconUserShare } from '@tabler/icons-react';
import { CUSTODY_MSG, CUSTODY_UNITS_MAX, custodyForm, HOLDING_STATE_LABELS } from '../../../core/custody/rules';
import { ROLE_LABELS } from '../../../core/roles';
import { confirmAction } from '../../ui/confirm';
import { FormDialog, failureText } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { TONE } from '../../ui/tones';
import { useCampusTime } from '../site/useCampusTime';
import type { UnitDto } from './api';
import {
  slipHref,
  useCustodians,
  useIssueCustody,
  useReturnCustody,
  useTransferCustody,
  useUnitCustody,
  useWithdrawTransfer,
  type CustodyBody,
} from './custodyApi';
import { RoomSelect } from './UnitModals';

/**
 * The unit's custody (docs/decisions/custody.md): who is accountable for it and since when, whether the receipt is
 * acknowledged, a transfer awaiting confirmation; for staff and administrators Issue to Custodian, Transfer,
 * Return to Office and the printed receipt or slip.
 */
export function CustodyCard({ unit, office }: { unit: UnitDto; office: boolean }) {
  const custody = useUnitCustody(unit.id);
  const campus = useCampusTime();
  const [dialog, setDialog] = useState<'issue' | 'transfer' | null>(null);
  const giveBack = useReturnCustody();
  const withdraw = useWithdrawTransfer();
  const c = custody.data;
  const act = async (what: 'return' | 'withdraw') => {
    const ok = await confirmAction({
      title: what === 'return' ? CUSTODY_MSG.returnToOffice : 'Withdraw transfer',
      message:
        what === 'return'
          ? `Return ${unit.tag} to the office? ${c?.holder?.name ?? 'The holder'} is no longer accountable for it and it goes back on the shelf.`
          : `Withdraw the transfer of ${unit.tag} to ${c?.transfer?.to.name ?? 'the receiver'}? ${c?.holder?.name ?? 'The holder'} stays accountable.`,
      confirmLabel: what === 'return' ? CUSTODY_MSG.returnToOffice : 'Withdraw transfer',
      cancelLabel: 'Cancel',
    });
    if (!ok) return;
    try {
      const res = await (what === 'return' ? giveBack : withdraw).mutateAsync(unit.id);
      notifications.show({ color: 'green', title: 'Success', message: `${res.message}: ${unit.tag}` });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Error', message: failureText(err) });
    }
  };
  const state = c?.holder ? (c.transfer ? 'transferring' : c.acknowledgedAt ? 'acknowledged' : 'awaiting') : null;
  return (
    <Card withBorder component="section" aria-labelledby="unit-custody">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id="unit-custody">
          Custody
        </Title>
        {office && c && (
          <Group gap="xs" wrap="wrap">
            {!c.holder && unit.status === 'available' && (
              <Button variant="light" size="xs" leftSection={<IconUserShare size={16} />} onClick={() => setDialog('issue')}>
                {CUSTODY_MSG.issueToCustodian}
              </Button>
            )}
            {c.holder && !c.transfer && (
              <Button variant="light" size="xs" leftSection={<IconArrowsExchange size={16} />} onClick={() => setDialog('transfer')}>
                {CUSTODY_MSG.transfer}
              </Button>
            )}
            {c.transfer && (
              <Button variant="default" size="xs" onClick={() => act('withdraw')} loading={withdraw.isPending}>
                Withdraw transfer
              </Button>
            )}
            {c.holder && (
              <Button
                variant="default"
                size="xs"
                leftSection={<IconArrowBackUp size={16} />}
                onClick={() => act('return')}
                loading={giveBack.isPending}
              >
                {CUSTODY_MSG.returnToOffice}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {custody.isError ? (
        <Text size="sm" c={TONE.red} role="alert">
          {failureText(custody.error)}
        </Text>
      ) : !c ? (
        <Text size="sm" c="dark.6">
          Loading custody…
        </Text>
      ) : !c.holder ? (
        <Text size="sm" c="dark.6">
          No one holds this unit: the office is accountable for it.
        </Text>
      ) : (
        <Stack gap="xs">
          <Group gap="xs" wrap="wrap">
            <Text size="sm">
              Accountable: <strong>{c.holder.name}</strong>
              {c.holder.kind === 'room' ? ' (room)' : ''}
            </Text>
            {state && (
              <Badge variant="light" color={state === 'acknowledged' ? 'green' : 'orange'} c="dark.7">
                {HOLDING_STATE_LABELS[state]}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dark.6">
            Since {c.since ? campus.dateTime(c.since) : ''}
            {c.acknowledgedAt ? ` · acknowledged ${campus.dateTime(c.acknowledgedAt)}` : ''}
          </Text>
          {c.transfer && (
            <Text size="sm">
              Transfer to <strong>{c.transfer.to.name}</strong> started {campus.dateTime(c.transfer.since)} ({c.transfer.slip.code}); until
              it is confirmed, {c.holder.name} stays accountable.
            </Text>
          )}
          <Group gap="xs" wrap="wrap">
            {c.slip && (
              <Button component="a" href={slipHref(c.slip.id)} download size="xs" variant="default" leftSection={<IconPrinter size={16} />}>
                {c.slip.kind === 'receipt' ? CUSTODY_MSG.printReceipt : CUSTODY_MSG.printTransferSlip} ({c.slip.code})
              </Button>
            )}
            {c.transfer && (
              <Button
                component="a"
                href={slipHref(c.transfer.slip.id)}
                download
                size="xs"
                variant="default"
                leftSection={<IconPrinter size={16} />}
              >
                {CUSTODY_MSG.printTransferSlip} ({c.transfer.slip.code})
              </Button>
            )}
          </Group>
        </Stack>
      )}
      {dialog && <CustodyDialog unit={unit} kind={dialog} onClose={() => setDialog(null)} />}
    </Card>
  );
}

interface Values {
  tags: string[];
  holder: 'person' | 'room';
  accountId: string | null;
  roomId: number | null;
}

const bodyOf = (v: Values): CustodyBody => ({
  tags: v.tags.map((t) => t.trim()).filter(Boolean),
  holder: v.holder,
  accountId: v.holder === 'person' && v.accountId ? Number(v.accountId) : null,
  roomId: v.holder === 'room' ? v.roomId : null,
});

/** Issue to Custodian, or Transfer: the units (this one, and others by tag on the same receipt), then a person or a room. */
function CustodyDialog({ unit, kind, onClose }: { unit: UnitDto; kind: 'issue' | 'transfer'; onClose: () => void }) {
  const people = useCustodians();
  const issue = useIssueCustody();
  const transfer = useTransferCustody();
  const save = kind === 'issue' ? issue : transfer;
  const form = useSchemaForm<Values, CustodyBody>(
    custodyForm,
    { tags: [unit.tag], holder: 'person', accountId: null, roomId: null },
    { toBody: bodyOf },
  );
  const submit = async (body: CustodyBody) => {
    const res = await save.mutateAsync(body);
    notifications.show({ color: 'green', title: 'Success', message: res.message });
    onClose();
  };
  const holder = form.getValues().holder;
  return (
    <FormDialog
      form={form}
      title={kind === 'issue' ? `${CUSTODY_MSG.issueToCustodian}: ${unit.tag}` : `${CUSTODY_MSG.transfer} ${unit.tag}`}
      intro={
        <Text size="sm">
          {kind === 'issue'
            ? 'Issued for long-term use, with no return date. Print the Acknowledgement Receipt from the Custody card once it is saved; a person confirms receipt in the app.'
            : 'Print the Transfer Slip from the Custody card once it is saved. The present holder stays accountable until the receiver confirms; a room takes it at once.'}
        </Text>
      }
      onClose={onClose}
      onSubmit={submit}
      submitLabel={kind === 'issue' ? CUSTODY_MSG.issueToCustodian : CUSTODY_MSG.transfer}
      busy={save.isPending}
    >
      <TagsInput
        label="Units (asset tags)"
        description={`This unit, and any others for the same ${kind === 'issue' ? 'receipt' : 'slip'}: type a tag and press Enter (at most ${CUSTODY_UNITS_MAX})`}
        {...form.getInputProps('tags')}
        maxTags={CUSTODY_UNITS_MAX}
        splitChars={[',', ' ']}
        clearable
        data-autofocus
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="custody-holder-kind">
          Held by
        </Text>
        <SegmentedControl
          aria-labelledby="custody-holder-kind"
          data={[
            { value: 'person', label: 'A person' },
            { value: 'room', label: 'A room' },
          ]}
          {...form.getInputProps('holder')}
        />
      </Stack>
      {holder === 'person' ? (
        <Select
          label="Person"
          description="Faculty, staff or personnel"
          placeholder={people.isPending ? 'Loading people…' : 'Search by name'}
          searchable
          data={(people.data ?? []).map((p) => ({
            value: String(p.id),
            label: `${p.name} (${ROLE_LABELS[p.role as keyof typeof ROLE_LABELS] ?? p.role})`,
          }))}
          nothingFoundMessage="No one by that name"
          {...form.getInputProps('accountId')}
        />
      ) : (
        <RoomSelect label="Room" description="The room accountable for it" {...form.getInputProps('roomId')} />
      )}
    </FormDialog>
  );
}
