/** The stock card, suppliers, deliveries and Warranty ending (docs/decisions/stock-card.md). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DELIVERY_MSG } from '../../../../core/inventory/deliveries';
import { stockEndpoints as ep } from '../../../../core/inventory/stockEndpoints';
import type { Ctx } from '../../../context';
import { letterheadOf } from '../../../lib/letterhead';
import { attachment, sendPdf } from '../../../lib/pdfDocument';
import { requireAccount } from '../../../plugins/auth';
import { routesOf } from '../../../plugins/endpoint';
import { stockCardCsv, stockCardOf, stockCardPdf } from './card';
import { findDelivery, listDeliveries, listSuppliers, warrantyEnding } from './deliveryReads';
import { addSupplier, recordDelivery, reverseDelivery } from './deliveries';
import { deliveryReceiptPdf } from './receiptPdf';

const route = routesOf('inventory');
const fileName = (name: string) => name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'item';

export async function stockRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({ ...route(ep.stockCard), handler: async (req) => stockCardOf(ctx.db, req.params.id, req.query) });

  r.route({
    ...route(ep.stockCardCsv),
    handler: async (req, reply) => {
      const { name, csv } = await stockCardCsv(ctx.db, req.params.id, ctx.config.campusTimeZone);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`stock_card_${fileName(name)}.csv`))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });

  r.route({
    ...route(ep.stockCardPdf),
    handler: async (req, reply) => {
      const { name, pdf } = await stockCardPdf(ctx.db, req.params.id, await letterheadOf(ctx));
      return sendPdf(reply, `stock_card_${fileName(name)}.pdf`, pdf);
    },
  });

  r.route({ ...route(ep.suppliers), handler: async (req) => listSuppliers(ctx, req.query) });

  r.route({
    ...route(ep.addSupplier),
    handler: async (req, reply) => {
      const supplier = await addSupplier(ctx, requireAccount(req), req.body);
      return reply.code(201).send({ message: `${supplier.name} added.`, supplier });
    },
  });

  r.route({ ...route(ep.deliveries), handler: async (req) => listDeliveries(ctx, req.query) });
  r.route({ ...route(ep.delivery), handler: async (req) => findDelivery(ctx.db, req.params.id) });

  r.route({
    ...route(ep.recordDelivery),
    handler: async (req, reply) => {
      const id = await recordDelivery(ctx, requireAccount(req), req.body);
      const delivery = await findDelivery(ctx.db, id);
      return reply.code(201).send({ message: DELIVERY_MSG.received(delivery.reference), delivery });
    },
  });

  r.route({
    ...route(ep.reverseDelivery),
    handler: async (req) => {
      await reverseDelivery(ctx, requireAccount(req), req.params.id, req.body);
      const delivery = await findDelivery(ctx.db, req.params.id);
      return { message: DELIVERY_MSG.reversedDone(delivery.reference), delivery };
    },
  });

  r.route({
    ...route(ep.deliveryReceipt),
    handler: async (req, reply) => {
      const delivery = await findDelivery(ctx.db, req.params.id);
      const pdf = await deliveryReceiptPdf(delivery, await letterheadOf(ctx));
      return sendPdf(reply, `delivery_${fileName(delivery.reference)}.pdf`, pdf);
    },
  });

  r.route({ ...route(ep.warrantyEnding), handler: async (req) => warrantyEnding(ctx, req.query) });
}
