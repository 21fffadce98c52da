/** The assigned person's steps with a proof-of-work image (docs/product.md): may they take it, and the image saved. */
import { PROOF_IMAGE_KINDS, type FileKind } from '../../../core/files';
import { MSG } from '../../../core/messages';
import { canDoRepair, wrongRepairStateMessage } from '../../../core/repairs/rules';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import type { ReadFile } from '../../lib/uploads';
import { notAssignedHere, rowOf } from './move';

/** A proof-of-work image: present, and an image by its bytes (readUpload refused anything over 5 MB). */
export function checkProof(file: ReadFile | null): { buffer: Buffer; kind: FileKind } {
  if (!file || file.buffer.length === 0) throw badRequest(MSG.proofOfWorkRequired, 'proof_required');
  if (!file.kind || !PROOF_IMAGE_KINDS.includes(file.kind)) throw badRequest(MSG.proofInvalidType, 'invalid_file_type');
  return { buffer: file.buffer, kind: file.kind };
}

/** Whether the caller may take this step now: 404 when the report is not assigned to them, 409 when not in a state for it. */
export async function assertAssigned(ctx: Ctx, me: Account, id: number, action: 'start' | 'complete' | 'work'): Promise<void> {
  const row = await rowOf(ctx.db, id);
  if (!row || row.assigned_to !== me.id) throw notAssignedHere(row);
  if (!canDoRepair(action, row.status)) throw conflict(wrongRepairStateMessage(action, row.status), 'wrong_state');
}

/** Saves the proof, then runs the guarded step; a refused step removes the file it saved. */
export async function withProof<T>(ctx: Ctx, file: { buffer: Buffer; kind: FileKind }, step: (path: string) => Promise<T>): Promise<T> {
  const path = await ctx.files.save('repairs', file);
  try {
    return await step(path);
  } catch (err) {
    await ctx.files.remove(path);
    throw err;
  }
}
