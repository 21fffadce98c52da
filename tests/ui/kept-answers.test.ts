// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetKeptAnswers, keepAnswers, restoreKeptAnswers } from '../../client/lib/keptAnswers';
import { KEPT_OWNER, keepLonger } from '../../client/lib/keptQueries';
import { accountKeys, meKey, repairKeys } from '../../client/lib/queryKeys';
import { ApiError } from '../../client/lib/api';
import { showsKeptCopy } from '../../client/lib/keptCopy';

const JOBS = repairKeys.assigned({ status: 'all', page: 1, pageSize: 20 });
const PEOPLE = accountKeys.list({ type: 'faculty', search: '', page: 1, pageSize: 20 });

/** A page's query client as the app makes it, with Ramon signed in and his jobs and a user list fetched at `at`. */
function signedInAs(id: number, at: number) {
  const qc = new QueryClient();
  keepLonger(qc);
  qc.setQueryData(meKey, { id, fullName: 'Ramon Dela Cruz' }, { updatedAt: at });
  qc.setQueryData(JOBS, { items: [{ id: 12, code: 'RPR-12' }], total: 1 }, { updatedAt: at });
  qc.setQueryData(PEOPLE, { items: [], total: 0 }, { updatedAt: at });
  return qc;
}

/** Another page opened on the same device: what it gets back before its first render. */
async function reopened() {
  const qc = new QueryClient();
  keepLonger(qc);
  await restoreKeptAnswers(qc);
  return qc;
}

/**
 * The answers kept on the phone for reading offline (docs/decisions/pwa.md): saved for the person signed in, given
 * back with the time they were fetched, never to another person, and gone at sign-out.
 */
describe('kept answers', () => {
  afterEach(async () => {
    await forgetKeptAnswers();
    localStorage.clear();
  });

  it('keeps the jobs of the person signed in, with when they were fetched, and nothing the list does not name', async () => {
    const at = Date.now() - 60_000;
    const stop = keepAnswers(signedInAs(7, at));
    expect(localStorage.getItem(KEPT_OWNER)).toBe('7');
    await vi.waitFor(async () => expect((await reopened()).getQueryData(JOBS)).toBeTruthy(), { timeout: 5000, interval: 50 });
    stop();
    const qc = await reopened();
    expect(qc.getQueryData(JOBS)).toEqual({ items: [{ id: 12, code: 'RPR-12' }], total: 1 });
    expect(qc.getQueryState(JOBS)?.dataUpdatedAt).toBe(at);
    expect(qc.getQueryData(meKey)).toMatchObject({ id: 7 });
    expect(qc.getQueryData(PEOPLE)).toBeUndefined();
  });

  it('never gives one person’s answers to another, and keeps nothing once signed out', async () => {
    const stop = keepAnswers(signedInAs(7, Date.now()));
    await vi.waitFor(async () => expect((await reopened()).getQueryData(JOBS)).toBeTruthy(), { timeout: 5000, interval: 50 });
    stop();
    // Someone else signed in on this browser (the sign-in forgot whose they were, and the app learnt the new person).
    localStorage.setItem(KEPT_OWNER, '8');
    const other = await reopened();
    expect(other.getQueryData(JOBS)).toBeUndefined();
    localStorage.setItem(KEPT_OWNER, '7');
    expect((await reopened()).getQueryData(JOBS)).toBeUndefined();

    // Signed out: the app hears that nobody is signed in, and the device forgets.
    const qc = signedInAs(7, Date.now());
    const again = keepAnswers(qc);
    await vi.waitFor(async () => expect((await reopened()).getQueryData(JOBS)).toBeTruthy(), { timeout: 5000, interval: 50 });
    qc.setQueryData(meKey, null);
    await vi.waitFor(() => expect(localStorage.getItem(KEPT_OWNER)).toBeNull());
    again();
    localStorage.setItem(KEPT_OWNER, '7');
    await vi.waitFor(async () => expect((await reopened()).getQueryData(JOBS)).toBeUndefined(), { timeout: 5000, interval: 50 });
  });

  it('tells a kept copy shown for want of a network from a refusal', () => {
    const base = { data: { items: [] }, dataUpdatedAt: 1, refetch: async () => undefined };
    expect(showsKeptCopy({ ...base, isError: false, error: null, fetchStatus: 'paused' })).toBe(true);
    expect(showsKeptCopy({ ...base, isError: true, error: new ApiError(0, 'network', 'offline'), fetchStatus: 'idle' })).toBe(true);
    expect(showsKeptCopy({ ...base, isError: true, error: new ApiError(500, 'server_error', 'boom'), fetchStatus: 'idle' })).toBe(false);
    expect(showsKeptCopy({ ...base, isError: false, error: null, fetchStatus: 'idle' })).toBe(false);
    expect(showsKeptCopy({ ...base, data: undefined, isError: false, error: null, fetchStatus: 'paused' })).toBe(false);
  });
});
