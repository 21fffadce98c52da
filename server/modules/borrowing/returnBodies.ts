/**
 * The bodies of the return endpoints (docs/decisions/partial-returns.md, return-conditions.md): what comes back, its
 * photo, and the office's findings with theirs, from JSON or a multipart upload.
 */
import type { FastifyRequest } from 'fastify';
import { MAX_CONDITION_PHOTOS, MAX_CONDITIONS_FIELD } from '../../../core/borrowing/conditions';
import { verifyBody } from '../../../core/borrowing/conditionSchemas';
import { returnSelection, type ReturnSelection } from '../../../core/borrowing/schemas';
import { MSG } from '../../../core/messages';
import { badRequest } from '../../errors';
import { eachPart, readUpload, type ReadFile } from '../../lib/uploads';
import type { Findings } from './checkIn';

/** A return's selection (docs/decisions/partial-returns.md) from its JSON text or object; none is everything out. */
function parseSelection(value: unknown): ReturnSelection | null {
  if (value === undefined || value === null || value === '') return null;
  let json = value;
  if (typeof value === 'string') {
    try {
      json = JSON.parse(value);
    } catch {
      throw badRequest(MSG.returnSelectionInvalid);
    }
  }
  const parsed = returnSelection.safeParse(json);
  if (!parsed.success) throw badRequest(MSG.returnSelectionInvalid);
  return parsed.data;
}

/**
 * A return's multipart body: the "proof" file, the "return" field (what comes back) and, at the counter, the
 * findings ("conditions", "photo<index>") and "verify"; other parts are drained. Too large answers 413.
 */
async function readReturnParts(req: FastifyRequest, findings = false) {
  let file: ReadFile | null = null;
  let selection: string | null = null;
  let conditions: string | null = null;
  let verify = false;
  const photos = new Map<number, ReadFile>();
  await eachPart(
    req,
    async (part) => {
      if (part.type === 'field') {
        if (typeof part.value !== 'string') return;
        if (part.fieldname === 'return') selection = part.value;
        else if (findings && part.fieldname === 'conditions') conditions = part.value;
        else if (findings && part.fieldname === 'verify') verify = part.value === 'true';
        return;
      }
      const index = findings ? /^photo(\d{1,3})$/.exec(part.fieldname)?.[1] : undefined;
      if (part.fieldname === 'proof' && !file) file = await readUpload(part, MSG.proofTooLarge);
      else if (index !== undefined && !photos.has(Number(index))) photos.set(Number(index), await readUpload(part, MSG.proofTooLarge));
      else await part.toBuffer().catch(() => undefined);
    },
    findings ? { files: MAX_CONDITION_PHOTOS + 1, fieldSize: MAX_CONDITIONS_FIELD } : undefined,
  );
  return { file: file as ReadFile | null, selection: parseSelection(selection), conditions: conditions as string | null, verify, photos };
}

/** The "proof" file of a multipart body, and what the return names. */
export async function readProof(req: FastifyRequest): Promise<{ file: ReadFile | null; selection: ReturnSelection | null }> {
  if (!req.isMultipart()) throw badRequest(MSG.proofRequired, 'proof_required');
  const { file, selection } = await readReturnParts(req);
  return { file, selection };
}

/** A counter return's body (JSON or multipart). */
export async function readCounterReturn(req: FastifyRequest) {
  if (!req.isMultipart()) {
    const body = (req.body ?? {}) as { items?: unknown; units?: unknown; verify?: unknown; entries?: unknown };
    if (typeof body !== 'object') throw badRequest(MSG.returnSelectionInvalid);
    const selection = parseSelection({ items: body.items, units: body.units });
    const found =
      body.entries === undefined ? null : { entries: parseFindings({ entries: body.entries }), photos: new Map<number, ReadFile>() };
    return { selection, proof: null, verify: body.verify === true, found };
  }
  const parts = await readReturnParts(req, true);
  let found: Findings | null = null;
  if (parts.conditions !== null) {
    let json: unknown;
    try {
      json = JSON.parse(parts.conditions);
    } catch {
      throw badRequest(MSG.conditionsInvalid);
    }
    found = { entries: parseFindings(json), photos: parts.photos };
  }
  return { selection: parts.selection, proof: parts.file, verify: parts.verify, found };
}

/**
 * The findings of a verification (docs/decisions/return-conditions.md): a JSON body `{ entries }`, or multipart with
 * the field `conditions` (that JSON) and each photo as `photo<index>`; no body at all is everything good (null).
 */
export async function readFindings(req: FastifyRequest): Promise<Findings | null> {
  if (!req.isMultipart()) {
    const body = req.body as { entries?: unknown } | null | undefined;
    if (body === undefined || body === null || (typeof body === 'object' && !('entries' in body))) return null;
    return { entries: parseFindings(req.body), photos: new Map() };
  }
  let conditions: string | null = null;
  const photos = new Map<number, ReadFile>();
  await eachPart(
    req,
    async (part) => {
      if (part.type === 'field') {
        if (part.fieldname === 'conditions' && typeof part.value === 'string') conditions = part.value;
        return;
      }
      const index = /^photo(\d{1,3})$/.exec(part.fieldname)?.[1];
      if (index !== undefined && !photos.has(Number(index))) photos.set(Number(index), await readUpload(part, MSG.proofTooLarge));
      else await part.toBuffer().catch(() => undefined);
    },
    { files: MAX_CONDITION_PHOTOS, fieldSize: MAX_CONDITIONS_FIELD },
  );
  if (conditions === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(conditions);
  } catch {
    throw badRequest(MSG.conditionsInvalid);
  }
  return { entries: parseFindings(json), photos };
}

function parseFindings(body: unknown) {
  const parsed = verifyBody.safeParse(body);
  if (!parsed.success) throw badRequest(MSG.conditionsInvalid);
  return parsed.data.entries;
}
