import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { itemList, itemListQuery } from '../../../core/inventory/schemas';
import { ROLES } from '../../../core/roles';
import type { Ctx } from '../../context';
import { listItems } from './queries';

export async function inventoryRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/items',
    {
      config: { access: ROLES },
      schema: {
        tags: ['inventory'],
        summary:
          'Inventory items with stock status and availability; search by name, category or description; category and item-status filters; counts per category and a stock summary',
        querystring: itemListQuery,
        response: { 200: itemList },
      },
    },
    async (req) => listItems(ctx, req.query),
  );
}
