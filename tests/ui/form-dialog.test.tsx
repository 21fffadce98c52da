// @vitest-environment happy-dom
import { MantineProvider, TextInput } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildingForm } from '../../core/locations/rules';
import { MSG } from '../../core/messages';
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
