// @vitest-environment happy-dom
import { MantineProvider, TextInput } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildingForm } from '../../core/locations/rules';
import { DRAFT_MSG, MSG } from '../../core/messages';
import { DraftOwner, draftCount } from '../../client/lib/drafts';
import { ApiError } from '../../client/lib/api';
import { FormDialog } from '../../client/ui/form/FormDialog';
import { useSchemaForm } from '../../client/ui/form/useSchemaForm';

afterEach(cleanup);

function BuildingDialog({ show, onSubmit }: { show: 'fields' | 'first'; onSubmit: (body: unknown) => Promise<unknown> }) {
  const form = useSchemaForm(buildingForm, { code: '', name: '', notes: '' }, { show });
  return (
    <FormDialog form={form} title="Add Building" onClose={() => {}} onSubmit={onSubmit} submitLabel="Add Building">
      <TextInput label="Building Code" {...form.getInputProps('code')} />
      <TextInput label="Building Name" {...form.getInputProps('name')} />
    </FormDialog>
  );
}

const open = (show: 'fields' | 'first', onSubmit = vi.fn(async () => undefined)) => {
  render(
    <MantineProvider>
      <BuildingDialog show={show} onSubmit={onSubmit} />
    </MantineProvider>,
  );
  return onSubmit;
};
const submit = () => act(() => fireEvent.click(screen.getByRole('button', { name: 'Add Building' })));
const submit2 = (name: string) => act(() => fireEvent.click(screen.getByRole('button', { name })));
const type = (label: string, value: string) => act(() => fireEvent.change(screen.getByLabelText(label), { target: { value } }));

describe("a dialog's form, checked by its rule in core", () => {
  it('marks every wrong field with its message, and a field loses it once changed', async () => {
    const save = open('fields');
    await submit();
    expect(screen.getByText(MSG.buildingCodeRequired)).toBeTruthy();
    expect(screen.getByText(MSG.buildingNameRequired)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    await type('Building Code', 'SCI');
    expect(screen.queryByText(MSG.buildingCodeRequired)).toBeNull();
    expect(screen.getByText(MSG.buildingNameRequired)).toBeTruthy();
  });

  it('shows only the first failure, above the fields, when the form says so', async () => {
    open('first');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(MSG.buildingCodeRequired);
    expect(screen.queryByText(MSG.buildingNameRequired)).toBeNull();
  });

  it("submits the checked values, and shows the server's refusal in its words", async () => {
    const save = open(
      'fields',
      vi.fn(async () => {
        throw new ApiError(409, 'conflict', 'Building code SCI is already taken.');
      }),
    );
    await type('Building Code', 'SCI');
    await type('Building Name', 'Science Building');
    await submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Building code SCI is already taken.'));
    expect(save).toHaveBeenCalledWith({ code: 'SCI', name: 'Science Building', notes: '' });
  });
});

function ReasonDialog({ onSubmit }: { onSubmit: (body: { reason: string }) => Promise<unknown> }) {
  const form = useSchemaForm(null, { reason: '' }, { draftKey: 'request:3:reject' });
  return (
    <FormDialog
      form={form}
      title="Reject"
      onClose={() => {}}
      onSubmit={onSubmit}
      submitLabel="Reject"
      closeGuard={{ what: 'the reason', where: 'Reject on R-3' }}
    >
      <TextInput label="Reason" {...form.getInputProps('reason')} />
    </FormDialog>
  );
}

describe('a form kept as a draft', () => {
  const openReason = (onSubmit: (body: { reason: string }) => Promise<unknown>) =>
    render(
      <MantineProvider>
        <DraftOwner value={7}>
          <ReasonDialog onSubmit={onSubmit} />
        </DraftOwner>
      </MantineProvider>,
    );
  const reasonBox = () => screen.getByLabelText('Reason') as HTMLInputElement;

  it('keeps what is typed, opens with it again, and keeps it when the save is refused', async () => {
    localStorage.clear();
    openReason(async () => {
      throw new ApiError(409, 'conflict', 'Already approved.');
    });
    await type('Reason', 'Out of stock');
    expect(draftCount(7)).toBe(1);
    await submit2('Reject');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Already approved.'));
    expect(draftCount(7)).toBe(1);
    cleanup();
    openReason(async () => undefined);
    expect(reasonBox().value).toBe('Out of stock');
    expect(screen.getByText(DRAFT_MSG.discardDraft)).toBeTruthy();
  });

  it('forgets the draft once the save is accepted', async () => {
    localStorage.clear();
    const save = vi.fn(async () => undefined);
    openReason(save);
    await type('Reason', 'Out of stock');
    await submit2('Reject');
    await waitFor(() => expect(save).toHaveBeenCalledWith({ reason: 'Out of stock' }));
    await waitFor(() => expect(draftCount(7)).toBe(0));
  });
});
