// @vitest-environment happy-dom
import { Checkbox, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATEGORIES, type Category } from '../../core/inventory/rules';
import { PerCategoryCard } from '../../client/ui/PerCategoryCard';

afterEach(cleanup);

type Setting = Record<Category, boolean>;
const STORED = Object.fromEntries(CATEGORIES.map((c) => [c, c === 'HVAC'])) as Setting;

function Card({ save, stored }: { save: (v: Setting) => Promise<Setting>; stored: Setting | undefined }) {
  const [error, setError] = useState<Error | null>(null);
  return (
    <MantineProvider>
      <Notifications />
      <PerCategoryCard<boolean>
        id="allowed"
        title="Allowed per category"
        description="Tick the categories."
        stored={stored}
        loadError={null}
        save={(v) => save(v).catch((e: Error) => (setError(e), Promise.reject(e)))}
        saving={false}
        saveError={error}
        savedMessage="Saved."
        submitLabel="Save Allowed"
        field={(c, value, change) => <Checkbox label={`${c} allowed`} checked={value} onChange={(e) => change(e.currentTarget.checked)} />}
      />
    </MantineProvider>
  );
}

describe('a settings card with a field per category', () => {
  it('waits for the stored setting, then saves the whole form with the fields changed', async () => {
    const save = vi.fn(async (v: Setting) => ({ ...v, Janitorial: true }));
    const { rerender } = render(<Card save={save} stored={undefined} />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    rerender(<Card save={save} stored={STORED} />);
    const hvac = (await screen.findByLabelText('HVAC allowed')) as HTMLInputElement;
    expect(hvac.checked).toBe(true);
    await act(() => fireEvent.click(screen.getByLabelText('Plumbing allowed')));
    await act(() => fireEvent.click(screen.getByRole('button', { name: 'Save Allowed' })));
    expect(save).toHaveBeenCalledWith({ ...STORED, Plumbing: true });
    // The form shows what the server kept.
    await waitFor(() => expect((screen.getByLabelText('Janitorial allowed') as HTMLInputElement).checked).toBe(true));
  });

  it("shows the server's refusal and keeps what was ticked", async () => {
    const save = vi.fn(async () => Promise.reject(new Error('Only administrators may change this.')));
    render(<Card save={save} stored={STORED} />);
    await act(() => fireEvent.click(screen.getByLabelText('Electrical allowed')));
    await act(() => fireEvent.click(screen.getByRole('button', { name: 'Save Allowed' })));
    expect(await screen.findByText('Only administrators may change this.')).toBeTruthy();
    expect((screen.getByLabelText('Electrical allowed') as HTMLInputElement).checked).toBe(true);
  });
});
