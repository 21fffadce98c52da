// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DraftOwner, draftCount, useDraft, useHasDraft } from '../../client/lib/drafts';

/** The hook as the account `owner` sees it (null: nobody signed in). */
function render<T>(owner: number | null, key: string, initial: T) {
  const wrapper = ({ children }: { children: ReactNode }) => <DraftOwner value={owner}>{children}</DraftOwner>;
  return renderHook(() => useDraft(key, initial), { wrapper });
}

// docs/decisions/drafts.md
describe('drafts', () => {
  beforeEach(() => localStorage.clear());

  it('keeps what is typed for the account and the thing, and gives it back on opening again', () => {
    const first = render(7, 'request:3:reject', '');
    expect(first.result.current.restoredAt).toBeNull();
    act(() => first.result.current.setValue('Out of stock this week'));
    expect(first.result.current.dirty).toBe(true);
    first.unmount();

    const again = render(7, 'request:3:reject', '');
    expect(again.result.current.value).toBe('Out of stock this week');
    expect(again.result.current.restoredAt).not.toBeNull();
    // Another account, or another thing, starts afresh.
    expect(render(8, 'request:3:reject', '').result.current.value).toBe('');
    expect(render(7, 'request:4:reject', '').result.current.value).toBe('');
  });

  it('is no draft once the value is back to where the form started', () => {
    const edit = render(7, 'repair:5:work', { notes: 'Old notes', cost: '' as number | string });
    act(() => edit.result.current.setValue((d) => ({ ...d, notes: 'New notes' })));
    expect(draftCount(7)).toBe(1);
    act(() => edit.result.current.setValue((d) => ({ ...d, notes: 'Old notes' })));
    expect(edit.result.current.dirty).toBe(false);
    expect(draftCount(7)).toBe(0);
  });

  it('is forgotten when cleared (sent or discarded), starting again from the initial value', () => {
    const form = render(7, 'repair:new', { building: '' });
    act(() => form.result.current.setValue({ building: 'Main Hall' }));
    act(() => form.result.current.clear());
    expect(form.result.current.value).toEqual({ building: '' });
    expect(form.result.current.restoredAt).toBeNull();
    expect(draftCount(7)).toBe(0);
  });

  it('marks the things that hold a draft, as they change', () => {
    const wrapper = ({ children }: { children: ReactNode }) => <DraftOwner value={7}>{children}</DraftOwner>;
    const mark = renderHook(() => useHasDraft(['repair:5:work', 'repair:5:completed']), { wrapper });
    expect(mark.result.current).toBe(false);
    const form = render(7, 'repair:5:completed', { description: '' });
    act(() => form.result.current.setValue({ description: 'Rewired the outlet' }));
    expect(mark.result.current).toBe(true);
    act(() => form.result.current.clear());
    expect(mark.result.current).toBe(false);
  });

  it('keeps nothing without a signed-in account', () => {
    const form = render(null, 'repair:new', '');
    act(() => form.result.current.setValue('typed'));
    expect(form.result.current.value).toBe('typed');
    expect(localStorage.length).toBe(0);
  });
});
