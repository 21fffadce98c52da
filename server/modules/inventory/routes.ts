import { ASSET_WORDS } from '../../../core/inventory/unitAsset';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inventoryEndpoints as ep } from '../../../core/inventory/endpoints';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import { badRequest, notFound } from '../../errors';
import { labelSheetPdf, shortAddress } from '../../lib/labelSheet';
import { letterheadOf } from '../../lib/letterhead';
import { sendPdf } from '../../lib/pdfDocument';
import { eachPart, readUpload, sendUpload, type ReadFile } from '../../lib/uploads';
import { todayIn } from '../../../core/time';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { inventoryFileRoutes } from './fileRoutes';
import { countRoutes } from './counts/routes';
import { stockRoutes } from './stock/routes';
import { OFFICE_ROLES } from '../../../core/roles';
import { UNIT_MSG } from '../../../core/inventory/units';
import { findItem, listItems, photoPathOf } from './queries';
import * as service from './service';
import { addUnit, addUnits } from './units/add';
import { editUnitAsset } from './units/asset';
import { editUnit } from './units/edit';
import { listUnits } from './units/list';
import { retireUnit } from './units/retire';
import { findUnitByTag, unitsForLabels } from './units/rows';
import { trackItem } from './units/track';

const route = routesOf('inventory');

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

  r.route({
    ...route(ep.list),
    handler: async (req) => listItems(ctx, req.query),
  });

  r.route({
    ...route(ep.photo),
    handler: async (req, reply) => {
      const row = await photoPathOf(ctx.db, req.params.id);
      if (!row) throw notFound(MSG.itemNotFound);
      const file = row.photo_path ? await ctx.files.read(row.photo_path) : null;
      if (!file) throw notFound(MSG.noItemPhoto);
      // Its address changes with the photo (photoUrlOf), so a browser may keep it for a day.
      return sendUpload(reply, file, req.query.w, { cacheControl: 'private, max-age=86400' });
    },
  });

  // ---- the office's writes (administrators and staff) ----

  r.route({
    ...route(ep.add),
    handler: async (req, reply) => {
      const item = await service.createItem(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: MSG.itemAdded, item });
    },
  });

  r.route({
    ...route(ep.update),
    handler: async (req) => ({
      message: MSG.itemUpdated,
      item: await service.updateItem(ctx, requireAccount(req), req.params.id, req.body),
    }),
  });

  r.route({
    ...route(ep.setStatus),
    handler: async (req) => ({
      message: MSG.itemStatusUpdated,
      item: await service.setItemStatus(ctx, requireAccount(req), req.params.id, req.body),
    }),
  });

  r.route({
    ...route(ep.remove),
    handler: async (req) => {
      await service.deleteItem(ctx, requireAccount(req), req.params.id);
      return { message: MSG.itemDeleted };
    },
  });

  r.route({
    ...route(ep.setPhoto),
    handler: async (req) => {
      const me = requireAccount(req);
      await service.assertItemExists(ctx, req.params.id); // answered before the upload is read
      const file = await readPhoto(req);
      return { message: MSG.itemPhotoSaved, item: await service.setItemPhoto(ctx, me, req.params.id, file) };
    },
  });

  r.route({
    ...route(ep.removePhoto),
    handler: async (req) => ({
      message: MSG.itemPhotoRemoved,
      item: await service.removeItemPhoto(ctx, requireAccount(req), req.params.id),
    }),
  });

  // ---- tracked units (docs/decisions/units.md) ----

  r.route({
    ...route(ep.units),
    handler: async (req) => listUnits(ctx, req.params.id, req.query),
  });

  r.route({
    ...route(ep.unitLabels),
    handler: async (req, reply) => {
      const { layout, ...filters } = req.query;
      const item = await findItem(ctx.db, req.params.id);
      if (!item) throw notFound(MSG.itemNotFound);
      const units = await unitsForLabels(ctx.db, ctx.dialect, item.id, filters);
      if (!units.length) throw badRequest(MSG.unitLabelsNone);
      const { office } = await letterheadOf(ctx);
      const labels = units.map((u) => ({
        code: u.tag,
        name: u.serialNumber ? `${u.itemName}, S/N ${u.serialNumber}` : u.itemName,
        url: shortAddress(ctx.config.appUrl, 'u', u.tag),
      }));
      const pdf = await labelSheetPdf(labels, layout, office, 'Unit labels');
      return sendPdf(reply, `unit_labels_${todayIn(ctx.config.campusTimeZone)}.pdf`, pdf);
    },
  });

  r.route({
    ...route(ep.unitByTag),
    handler: async (req) => {
      const me = requireAccount(req);
      const unit = await findUnitByTag(ctx.db, req.params.tag);
      if (!unit) throw notFound(UNIT_MSG.unitNotFound);
      // A borrower learns which item it is (to borrow it), not the unit's state.
      return { itemId: unit.itemId, itemName: unit.itemName, unit: OFFICE_ROLES.includes(me.role) ? unit : null };
    },
  });

  r.route({
    ...route(ep.addUnit),
    handler: async (req, reply) => {
      const unit = await addUnit(ctx, requireAccount(req), req.params.id, req.body);
      return reply.status(201).send({ message: UNIT_MSG.unitAdded, unit });
    },
  });

  r.route({
    ...route(ep.addUnits),
    handler: async (req, reply) => {
      const units = await addUnits(ctx, requireAccount(req), req.params.id, req.body);
      return reply.status(201).send({ message: UNIT_MSG.unitsAdded(units.length), units });
    },
  });

  r.route({
    ...route(ep.editUnit),
    handler: async (req) => ({
      message: UNIT_MSG.unitUpdated,
      unit: await editUnit(ctx, requireAccount(req), req.params.id, req.body),
    }),
  });

  r.route({
    ...route(ep.editUnitAsset),
    handler: async (req) => ({
      message: ASSET_WORDS.saved,
      unit: await editUnitAsset(ctx, requireAccount(req), req.params.id, req.body),
    }),
  });

  r.route({
    ...route(ep.retireUnit),
    handler: async (req) => ({
      message: UNIT_MSG.unitRetiredDone,
      unit: await retireUnit(ctx, requireAccount(req), req.params.id, req.body),
    }),
  });

  r.route({
    ...route(ep.track),
    handler: async (req) => {
      const n = await trackItem(ctx, requireAccount(req), req.params.id, req.body);
      return { message: UNIT_MSG.itemTracked(n), item: (await findItem(ctx.db, req.params.id))! };
    },
  });

  await inventoryFileRoutes(app, ctx);
  await stockRoutes(app, ctx);
  await countRoutes(app, ctx);
}
