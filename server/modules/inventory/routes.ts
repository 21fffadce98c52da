import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileQuery, fileResponse, idParams, messageResult } from '../../../core/common/schemas';
import { FILE_KIND_MIME, PROOF_IMAGE_KINDS } from '../../../core/files';
import { itemBody, itemList, itemListQuery, itemResult, itemStatusBody } from '../../../core/inventory/schemas';
import { MSG } from '../../../core/messages';
import { ROLES, STAFF_ROLES } from '../../../core/roles';
import type { Ctx } from '../../context';
import { badRequest, notFound } from '../../errors';
import { eachPart, readUpload, sendUpload, type ReadFile } from '../../lib/uploads';
import { requireAccount } from '../../plugins/auth';
import { inventoryFileRoutes } from './fileRoutes';
import { listItems, photoPathOf } from './queries';
import * as service from './service';

const TAGS = ['inventory'];

/** The "photo" file of a multipart body; other parts are drained. Too large answers 413 with the spec's words. */
async function readPhoto(req: FastifyRequest): Promise<ReadFile | null> {
  if (!req.isMultipart()) throw badRequest(MSG.itemPhotoRequired);
  let file: ReadFile | null = null;
  await eachPart(req, async (part) => {
    if (part.type !== 'file') return;
    if (part.fieldname === 'photo' && !file) file = await readUpload(part, MSG.itemPhotoTooLarge);
    else await part.toBuffer().catch(() => undefined);
  });
  return file;
}

export async function inventoryRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/items',
    {
      config: { access: ROLES },
      schema: {
        tags: TAGS,
        summary:
          'Inventory items with stock status and availability; search by name, category or description; category and item-status filters; counts per category and a stock summary',
        querystring: itemListQuery,
        response: { 200: itemList },
      },
    },
    async (req) => listItems(ctx, req.query),
  );

  r.get(
    '/api/items/:id/photo',
    {
      config: { access: ROLES },
      schema: {
        tags: TAGS,
        summary: "An item's photo; ?w= scales it down (thumbnails)",
        params: idParams,
        querystring: fileQuery,
        response: {
          200: fileResponse(
            'The photo',
            PROOF_IMAGE_KINDS.map((k) => FILE_KIND_MIME[k]),
          ),
        },
      },
    },
    async (req, reply) => {
      const row = await photoPathOf(ctx.db, req.params.id);
      if (!row) throw notFound(MSG.itemNotFound);
      const file = row.photo_path ? await ctx.files.read(row.photo_path) : null;
      if (!file) throw notFound(MSG.noItemPhoto);
      // Its address changes with the photo (photoUrlOf), so a browser may keep it for a day.
      return sendUpload(reply, file, req.query.w, { cacheControl: 'private, max-age=86400' });
    },
  );

  // ---- the office's writes (administrators and staff) ----

  r.post(
    '/api/items',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Add Item: { name, description?, category, quantity, minStock, itemStatus? }',
        body: itemBody,
        response: { 201: itemResult },
      },
    },
    async (req, reply) => {
      const item = await service.createItem(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: MSG.itemAdded, item });
    },
  );

  r.put(
    '/api/items/:id',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Edit Item: every field, as Add Item; requests already made keep the name they borrowed',
        params: idParams,
        body: itemBody,
        response: { 200: itemResult },
      },
    },
    async (req) => ({ message: MSG.itemUpdated, item: await service.updateItem(ctx, requireAccount(req), req.params.id, req.body) }),
  );

  r.put(
    '/api/items/:id/status',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Change the item status: { itemStatus: available | unavailable | damaged }; only available items can be requested',
        params: idParams,
        body: itemStatusBody,
        response: { 200: itemResult },
      },
    },
    async (req) => ({
      message: MSG.itemStatusUpdated,
      item: await service.setItemStatus(ctx, requireAccount(req), req.params.id, req.body),
    }),
  );

  r.delete(
    '/api/items/:id',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Delete Item; refused (409, item_on_loan) while units are out on loan, saying how many',
        params: idParams,
        response: { 200: messageResult },
      },
    },
    async (req) => {
      await service.deleteItem(ctx, requireAccount(req), req.params.id);
      return { message: MSG.itemDeleted };
    },
  );

  r.post(
    '/api/items/:id/photo',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Set the item photo: multipart with the image in field "photo" (JPEG, PNG or GIF, at most 5 MB)',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: itemResult },
      },
    },
    async (req) => {
      const me = requireAccount(req);
      await service.assertItemExists(ctx, req.params.id); // answered before the upload is read
      const file = await readPhoto(req);
      return { message: MSG.itemPhotoSaved, item: await service.setItemPhoto(ctx, me, req.params.id, file) };
    },
  );

  r.delete(
    '/api/items/:id/photo',
    {
      config: { access: STAFF_ROLES },
      schema: { tags: TAGS, summary: 'Remove the item photo', params: idParams, response: { 200: itemResult } },
    },
    async (req) => ({ message: MSG.itemPhotoRemoved, item: await service.removeItemPhoto(ctx, requireAccount(req), req.params.id) }),
  );

  await inventoryFileRoutes(app, ctx);
}
