import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chatBody, chatReply, improvedText, paraphraseBody, workReportBody } from '../../../core/assistant/schemas';
import type { Role } from '../../../core/roles';
import type { Ctx } from '../../context';
import { requireAccount } from '../../plugins/auth';
import * as service from './service';

const TAGS = ['assistant'];
/** Only faculty report repairs, so only they paraphrase descriptions (docs/product.md). */
const FACULTY: readonly Role[] = ['faculty'];
/** Only personnel complete work, so only they generate work reports (docs/product.md). */
const PERSONNEL: readonly Role[] = ['personnel'];

export async function assistantRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/assistant/chat',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary:
          'Ask the GSO assistant: { message }. 10 messages per 3 minutes per account, else per address (429); off-topic messages are redirected; signed-in callers can ask about their own requests and reports',
        body: chatBody,
        response: { 200: chatReply },
      },
    },
    async (req) => service.chat(ctx, req.account, req.ip, req.body.message),
  );

  r.post(
    '/api/assistant/paraphrase',
    {
      config: { access: FACULTY },
      schema: {
        tags: TAGS,
        summary:
          'AI Paraphrase of a repair issue description (faculty): { text, language: english|tagalog, priority }; 20 per 10 minutes (429)',
        body: paraphraseBody,
        response: { 200: improvedText },
      },
    },
    async (req) => service.paraphrase(ctx, requireAccount(req), req.body),
  );

  r.post(
    '/api/assistant/work-report',
    {
      config: { access: PERSONNEL },
      schema: {
        tags: TAGS,
        summary: 'Generate Professional Report from a work description (personnel): { text, repairId? }; 20 per 10 minutes (429)',
        body: workReportBody,
        response: { 200: improvedText },
      },
    },
    async (req) => service.workReport(ctx, requireAccount(req), req.body),
  );
}
