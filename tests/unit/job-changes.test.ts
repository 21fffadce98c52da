import { describe, expect, it } from 'vitest';
import type { RepairReportDto } from '../../core/repairs/schemas';
import type { QueueEntry } from '../../client/lib/offlineQueue';
import { jobEntry, queuedFor, withQueued, type JobChange } from '../../client/features/repairs/jobChanges';

/**
 * The technician's job changes as the offline queue keeps them (docs/decisions/offline-work.md): each job one chain,
 * each change its request and what the card shows; the card shows the job as its kept changes leave it, except
 * those held behind a change the server refused.
 */

const report = {
  id: 42,
  code: 'RPR-42',
  status: 'scheduled',
  building: 'Science Building',
  room: 'Room 204',
  workDescription: '',
  actualCost: 180,
  personnelNotes: '',
  onHold: null,
} as unknown as RepairReportDto;

const photo = new File(['png'], 'after.png', { type: 'image/png' });
let seq = 0;
const kept = (change: JobChange, state: QueueEntry['state'] = 'waiting'): QueueEntry => ({
  ...jobEntry(report, 7, change),
  id: `e${++seq}`,
  idempotencyKey: `e${seq}`,
  seq,
  createdAt: '2026-11-30T01:00:00.000Z',
  state,
});

describe('a job change kept for the queue', () => {
  it('is the request the screen would send, on the job’s chain, with what was typed', () => {
    const entry = jobEntry(report, 7, { kind: 'repair-complete', file: photo, workDescription: 'Replaced the washer.', actualCost: null });
    expect(entry).toMatchObject({
      kind: 'repair-complete',
      method: 'POST',
      url: '/api/repairs/42/complete',
      personId: 7,
      chain: 'repair:42',
    });
    expect(entry.parts!.map((p) => p.name)).toEqual(['workDescription', 'actualCost', 'proof']);
    // A blank cost is none to the server; the cost left out keeps the one saved before.
    expect(entry.parts![1]).toEqual({ name: 'actualCost', value: '' });
    expect(entry.meta).toMatchObject({
      code: 'RPR-42',
      place: 'Science Building - Room 204',
      what: 'completed',
      typed: [
        { label: 'Work Description', value: 'Replaced the washer.' },
        { label: 'Actual Cost', value: 'None' },
      ],
    });
    const kept = jobEntry(report, 7, { kind: 'repair-complete', file: photo, workDescription: 'Done.' });
    expect(kept.parts!.map((p) => p.name)).toEqual(['workDescription', 'proof']);
    expect(jobEntry(report, 7, { kind: 'repair-hold', reason: 'Waiting for parts' })).toMatchObject({
      url: '/api/repairs/42/hold',
      body: { reason: 'Waiting for parts' },
    });
    expect(jobEntry(report, 7, { kind: 'repair-work', body: { personnelNotes: 'Bring a ladder', actualCost: 200 } })).toMatchObject({
      method: 'PUT',
      url: '/api/repairs/42/work',
      body: { personnelNotes: 'Bring a ladder', actualCost: 200 },
    });
  });

  it('shows the job as its kept changes leave it, in order', () => {
    const start = kept({ kind: 'repair-start', file: photo });
    const hold = kept({ kind: 'repair-hold', reason: 'No access to the room' });
    expect(withQueued(report, [start, hold])).toMatchObject({
      status: 'in-progress',
      onHold: { reason: 'No access to the room', since: '2026-11-30T01:00:00.000Z' },
    });
    const resume = kept({ kind: 'repair-resume' });
    const complete = kept({ kind: 'repair-complete', file: photo, workDescription: 'Fixed.', actualCost: 250 });
    expect(withQueued(report, [start, hold, resume, complete])).toMatchObject({
      status: 'completed',
      onHold: null,
      workDescription: 'Fixed.',
      actualCost: 250,
    });
    // Another job's changes are not this one's.
    expect(withQueued({ ...report, id: 43 }, [start, complete]).status).toBe('scheduled');
  });

  it('holds the rest of a job’s changes behind one the server refused, and does not show them as done', () => {
    const start = kept({ kind: 'repair-start', file: photo }, 'refused');
    const complete = kept({ kind: 'repair-complete', file: photo, workDescription: 'Fixed.' });
    expect(queuedFor(42, [start, complete])).toEqual({ going: [], held: [complete], refused: [start] });
    expect(withQueued(report, [start, complete]).status).toBe('scheduled');
  });
});
