import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, messageResult } from '../../../core/common/schemas';
import {
  addDesignationBody,
  designationBody,
  designationList as designationListSchema,
  designationResult,
} from '../../../core/designations/schemas';
import { MSG } from '../../../core/messages';
import { OFFICE_ROLES, STAFF_ROLES } from '../../../core/roles';
import type { Ctx } from '../../context';
import { requireAccount } from '../../plugins/auth';
import { designationList } from './queries';
import { addDesignation, deleteDesignation, updateDesignation } from './service';

const TAGS = ['designations'];

export async function designationRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/designations',
    {
      config: { access: OFFICE_ROLES },
      schema: {
        tags: TAGS,
        // docs/product.md: the personnel dashboard's grid shows each person, so colleagues see who covers what.
        summary: 'Every personnel member with their job type and designations (the office reads them; administrators change them)',
        response: { 200: designationListSchema },
      },
    },
    async () => designationList(ctx.db),
  );

  r.post(
    '/api/designations',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Add a designation to a personnel member (text trimmed; empty refused)',
        body: addDesignationBody,
        response: { 201: designationResult },
      },
    },
    async (req, reply) => {
      const designation = await addDesignation(ctx, requireAccount(req), req.body.personnelId, req.body.designation);
      return reply.status(201).send({ message: MSG.designationAdded, designation });
    },
  );

  r.put(
    '/api/designations/:id',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Change a designation’s text (trimmed; empty refused)',
        params: idParams,
        body: designationBody,
        response: { 200: designationResult },
      },
    },
    async (req) => ({
      message: MSG.designationUpdated,
      designation: await updateDesignation(ctx, requireAccount(req), req.params.id, req.body.designation),
    }),
  );

  r.delete(
    '/api/designations/:id',
    {
      config: { access: STAFF_ROLES },
      schema: { tags: TAGS, summary: 'Delete a designation', params: idParams, response: { 200: messageResult } },
    },
    async (req) => {
      await deleteDesignation(ctx, requireAccount(req), req.params.id);
      return { message: MSG.designationDeleted };
    },
  );
}
