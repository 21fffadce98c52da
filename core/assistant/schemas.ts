/** The assistant's API contract (docs/product.md, docs/decisions/form-checks.md). */
import { z } from 'zod';
import { id, prose, text } from '../common/schemas';
import { PRIORITIES } from '../repairs/rules';
import { LANGUAGES, MAX_CHAT_CHARS, MAX_IMPROVE_CHARS } from './rules';

export const chatBody = z.object({
  message: prose().max(MAX_CHAT_CHARS),
});
export type ChatInput = z.infer<typeof chatBody>;

const chatLink = z.object({ label: z.string(), href: z.string() });
export type ChatLink = z.infer<typeof chatLink>;

export const chatReply = z
  .object({
    /** Plain text: the browser shows it as text, never as markup. */
    reply: z.string(),
    /** model: the language model answered; builtin: the built-in knowledge base or the caller's own data; filter: the off-topic redirect; error: a failure reply. */
    source: z.enum(['model', 'builtin', 'filter', 'error']),
    /** Screens the answer talks about (the caller's own requests and reports). */
    links: z.array(chatLink),
    /** A failure's detail: the assistant service's HTTP status and message. */
    detail: z.string().optional(),
  })
  .meta({ id: 'ChatReply' });
export type ChatReplyDto = z.infer<typeof chatReply>;

export const paraphraseBody = z.object({
  text: text().max(MAX_IMPROVE_CHARS),
  language: z.enum(LANGUAGES).default('english'),
  priority: z.enum(PRIORITIES).default('medium'),
});
export type ParaphraseInput = z.infer<typeof paraphraseBody>;

export const workReportBody = z.object({
  text: text().max(MAX_IMPROVE_CHARS),
  /** The report being completed, for context (building, room and issue); only the assigned person's own. */
  repairId: id.optional(),
});
export type WorkReportInput = z.infer<typeof workReportBody>;

export const improvedText = z
  .object({
    text: z.string(),
    /** True when no AI service is configured and the built-in rules tidied the text. */
    offline: z.boolean(),
    note: z.string(),
  })
  .meta({ id: 'ImprovedText' });
export type ImprovedTextDto = z.infer<typeof improvedText>;
