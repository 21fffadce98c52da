/**
 * The support chat and the AI writing help (docs/decisions/assistant.md). The model is called by the server only,
 * through the openai package against any OpenAI-compatible service; without one, the built-in assistant answers.
 */
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { searchKnowledge } from '../../../core/assistant/knowledge';
import {
  CHAT_LIMIT,
  CHAT_SETTINGS,
  chatSystemPrompt,
  IMPROVE_LIMIT,
  IMPROVE_SETTINGS,
  intentOf,
  isGreeting,
  isOffTopic,
  offlineParaphrase,
  paraphrasePrompt,
  tidyText,
  workReportPrompt,
} from '../../../core/assistant/rules';
import type { ChatLink, ChatReplyDto, ImprovedTextDto, ParaphraseInput, WorkReportInput } from '../../../core/assistant/schemas';
import { ASSISTANT_MSG, MSG } from '../../../core/messages';
import { formatCalendarDate, todayIn } from '../../../core/time';
import { hoursText, readWeek } from '../../../core/site/calendar';
import type { Config } from '../../config';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { badRequest, HttpError, tooMany } from '../../errors';
import { hit } from '../../lib/counters';
import { findRepair } from '../repairs';
import { type Answer, myRepairsAnswer, myRequestsAnswer, myWeekAnswer, repairAnswer, requestAnswer } from './ownData';

type ModelConfig = NonNullable<Config['assistant']>;
const clients = new WeakMap<ModelConfig, OpenAI>();

function modelOf(ctx: Ctx): { client: OpenAI; cfg: ModelConfig } | null {
  const cfg = ctx.config.assistant;
  if (!cfg) return null;
  let client = clients.get(cfg);
  if (!client) {
    client = new OpenAI({ apiKey: cfg.apiKey, baseURL: cfg.baseUrl ?? undefined, timeout: cfg.timeoutMs, maxRetries: 0 });
    clients.set(cfg, client);
  }
  return { client, cfg };
}

/** A text from the service, with the key taken out wherever it appears (it never reaches a response or a log). */
function scrub(ctx: Ctx, s: string): string {
  const key = ctx.config.assistant?.apiKey;
  return key && key.length >= 4 ? s.split(key).join('[redacted]') : s;
}

/** What a failed call is: an HTTP answer from the service (its status and message), or no answer (timeout, network). */
function failureOf(ctx: Ctx, err: unknown): { status: number | null; message: string } {
  if (err instanceof OpenAI.APIError && typeof err.status === 'number') {
    const e = err.error as { message?: unknown } | undefined;
    const message = typeof e?.message === 'string' ? e.message : err.message;
    return { status: err.status, message: scrub(ctx, message).slice(0, 300) };
  }
  return { status: null, message: err instanceof Error ? scrub(ctx, err.name) : 'error' };
}

// ---- chat ----

/** docs/product.md and docs/decisions/assistant.md: 10 messages per 3 minutes, per account, else per socket address, shared by every process. */
async function countMessage(ctx: Ctx, me: Account | null, ip: string) {
  const key = me ? `chat:account:${me.id}` : `chat:ip:${ip}`;
  const { hits } = await hit(ctx.db, key, CHAT_LIMIT.windowMs);
  if (hits > CHAT_LIMIT.max) throw tooMany(ASSISTANT_MSG.chatRateLimit);
}

const reply = (text: string, source: ChatReplyDto['source'], links: ChatLink[] = [], detail?: string): ChatReplyDto => ({
  reply: text,
  source,
  links,
  ...(detail ? { detail } : {}),
});

export async function chat(ctx: Ctx, me: Account | null, ip: string, message: string): Promise<ChatReplyDto> {
  const text = message.trim();
  if (!text) throw badRequest(ASSISTANT_MSG.messageRequired);
  await countMessage(ctx, me, ip);
  if (isOffTopic(text)) return reply(ASSISTANT_MSG.chatOffTopic, 'filter');
  const model = modelOf(ctx);
  return model ? modelChat(ctx, model, me, text) : builtinChat(ctx, me, text);
}

/** The built-in assistant (docs/decisions/assistant.md): own data by intent rules, else the knowledge base, else the office's contacts. */
async function builtinChat(ctx: Ctx, me: Account | null, text: string): Promise<ChatReplyDto> {
  const done = (a: { text: string; links: ChatLink[] }) => reply(`${a.text}\n\n${ASSISTANT_MSG.chatBuiltIn}`, 'builtin', a.links);
  const intent = intentOf(text);
  if (intent.kind !== 'question') {
    if (!me) return done({ text: ASSISTANT_MSG.chatSignInForOwn, links: [{ label: 'Sign in', href: '/login' }] });
    const answer = await ownAnswer(ctx, me, intent);
    if (answer) return done(answer);
  }
  const entry = searchKnowledge(text);
  if (entry) return done({ text: entry.answer, links: [] });
  if (isGreeting(text)) return done({ text: ASSISTANT_MSG.chatGreeting, links: [] });
  const o = await ctx.settings.getAll(['office_name', 'office_address', 'office_phone', 'office_email', 'office_week']);
  return done({
    text: ASSISTANT_MSG.chatContact({
      name: o.office_name,
      phone: o.office_phone,
      email: o.office_email,
      hours: hoursText(readWeek(o.office_week)),
      address: o.office_address,
    }),
    links: [],
  });
}

async function ownAnswer(ctx: Ctx, me: Account, intent: ReturnType<typeof intentOf>): Promise<Answer | null> {
  switch (intent.kind) {
    case 'request':
      return requestAnswer(ctx, me, intent.id, intent.code);
    case 'repair':
      return repairAnswer(ctx, me, intent.id, intent.code);
    case 'myRequests':
      return me.role === 'student' || me.role === 'faculty' ? myRequestsAnswer(ctx, me) : null;
    case 'myRepairs':
      return me.role === 'faculty' || me.role === 'personnel' ? myRepairsAnswer(ctx, me) : null;
    case 'myWeek':
      return me.role === 'personnel' ? myWeekAnswer(ctx, me) : null;
    default:
      return null;
  }
}

/** The tools a model may call for this caller; each answers about the caller only (no account is ever a parameter). */
function toolsFor(me: Account | null): ChatCompletionTool[] {
  if (!me) return [];
  const fn = (name: string, description: string, properties: Record<string, unknown> = {}, required: string[] = []) =>
    ({ type: 'function', function: { name, description, parameters: { type: 'object', properties, required } } }) as ChatCompletionTool;
  const tools: ChatCompletionTool[] = [];
  if (me.role === 'student' || me.role === 'faculty') {
    tools.push(fn('my_borrow_requests', "The signed-in person's own borrow requests: status, dates, items and next step."));
    tools.push(
      fn(
        'my_borrow_request',
        "One of the signed-in person's own borrow requests by its number (REQ-12 or BRW-12).",
        { code: { type: 'string', description: 'REQ-{n} or BRW-{n}' } },
        ['code'],
      ),
    );
  }
  if (me.role === 'faculty' || me.role === 'personnel') {
    tools.push(
      fn(
        'my_repair_reports',
        me.role === 'personnel' ? 'The repair reports assigned to the signed-in personnel.' : "The signed-in person's own repair reports.",
      ),
    );
    tools.push(
      fn(
        'my_repair_report',
        'One repair report by its number (RPR-7), only when it is the caller’s own or assigned to them.',
        { code: { type: 'string', description: 'RPR-{n}' } },
        ['code'],
      ),
    );
  }
  if (me.role === 'personnel')
    tools.push(fn('my_week', 'What is assigned to the signed-in personnel this week (schedule and repair work).'));
  return tools;
}

async function runTool(ctx: Ctx, me: Account, name: string, rawArgs: string): Promise<Answer> {
  let args: { code?: unknown } = {};
  try {
    args = JSON.parse(rawArgs || '{}');
  } catch {
    /* a tool call with broken arguments answers as if none were given */
  }
  const code = typeof args.code === 'string' ? args.code : '';
  const allowed = new Set(toolsFor(me).map((t) => (t as { function: { name: string } }).function.name));
  if (!allowed.has(name)) return { text: 'Not available.', links: [], data: { error: 'This tool is not available to this account.' } };
  if (name === 'my_borrow_requests') return myRequestsAnswer(ctx, me);
  if (name === 'my_repair_reports') return myRepairsAnswer(ctx, me);
  if (name === 'my_week') return myWeekAnswer(ctx, me);
  const intent = intentOf(code);
  if (name === 'my_borrow_request' && intent.kind === 'request') return requestAnswer(ctx, me, intent.id, intent.code);
  if (name === 'my_repair_report' && intent.kind === 'repair') return repairAnswer(ctx, me, intent.id, intent.code);
  return { text: 'Not found.', links: [], data: { found: false, error: `No such number: ${code.slice(0, 40)}` } };
}

const MAX_TOOL_ROUNDS = 3;

async function modelChat(ctx: Ctx, model: { client: OpenAI; cfg: ModelConfig }, me: Account | null, text: string): Promise<ChatReplyDto> {
  const messages: ChatCompletionMessageParam[] = [
    {
      role: 'system',
      content: chatSystemPrompt(formatCalendarDate(todayIn(ctx.config.campusTimeZone)), me ? `${me.full_name} (${me.role})` : null),
    },
    { role: 'user', content: text },
  ];
  const tools = toolsFor(me);
  const links = new Map<string, ChatLink>();
  try {
    for (let round = 0; ; round++) {
      const completion = await model.client.chat.completions.create({
        model: model.cfg.model,
        messages,
        max_tokens: CHAT_SETTINGS.max_tokens,
        temperature: CHAT_SETTINGS.temperature,
        ...(tools.length && round < MAX_TOOL_ROUNDS ? { tools } : {}),
      });
      const choice = completion.choices?.[0]?.message;
      const calls = choice?.tool_calls?.filter((c) => c.type === 'function') ?? [];
      if (me && calls.length && round < MAX_TOOL_ROUNDS) {
        messages.push({ role: 'assistant', content: choice?.content ?? null, tool_calls: calls });
        for (const call of calls) {
          const answer = await runTool(ctx, me, call.function.name, call.function.arguments);
          for (const l of answer.links) links.set(l.href, l);
          messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(answer.data) });
        }
        continue;
      }
      const content = choice?.content?.trim();
      return content ? reply(content, 'model', [...links.values()]) : reply(ASSISTANT_MSG.chatEmptyReply, 'error');
    }
  } catch (err) {
    const f = failureOf(ctx, err);
    ctx.log.warn({ status: f.status, reason: f.message }, 'assistant chat call failed');
    return reply(
      ASSISTANT_MSG.chatFailure,
      'error',
      [],
      f.status === null ? undefined : ASSISTANT_MSG.chatServiceError(f.status, f.message),
    );
  }
}

// ---- writing help ----

async function improve(
  ctx: Ctx,
  me: Account,
  system: string,
  text: string,
  offline: () => string,
  offlineNote: string = ASSISTANT_MSG.improvedOffline,
): Promise<ImprovedTextDto> {
  const { hits } = await hit(ctx.db, `improve:account:${me.id}`, IMPROVE_LIMIT.windowMs);
  if (hits > IMPROVE_LIMIT.max) throw tooMany(MSG.tooManyRequests);
  const model = modelOf(ctx);
  if (!model) return { text: offline(), offline: true, note: offlineNote };
  try {
    const completion = await model.client.chat.completions.create({
      model: model.cfg.model,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: text },
      ],
      max_tokens: IMPROVE_SETTINGS.max_tokens,
      temperature: IMPROVE_SETTINGS.temperature,
    });
    const out = completion.choices?.[0]?.message?.content?.trim();
    if (!out) throw new Error('empty');
    return { text: out, offline: false, note: ASSISTANT_MSG.improvedByAi };
  } catch (err) {
    const f = failureOf(ctx, err);
    ctx.log.warn({ status: f.status, reason: f.message }, 'assistant text improvement failed');
    throw new HttpError(502, 'assistant_unavailable', ASSISTANT_MSG.improveFailed);
  }
}

/** AI Paraphrase of a repair description (faculty; docs/product.md): 2-3 sentences, the chosen language, the priority's wording. */
export function paraphrase(ctx: Ctx, me: Account, input: ParaphraseInput): Promise<ImprovedTextDto> {
  const text = input.text.trim();
  if (!text) throw new HttpError(400, 'nothing_to_improve', ASSISTANT_MSG.noTextToParaphrase);
  // Without a model the English tidy-up still works; a translation does not, and the note says so.
  const note = input.language === 'english' ? ASSISTANT_MSG.improvedOffline : ASSISTANT_MSG.translationNeedsAi;
  return improve(ctx, me, paraphrasePrompt(input.language, input.priority), text, () => offlineParaphrase(text, input.priority), note);
}

/** Generate Professional Report from a work description (personnel; docs/product.md): 8-12 sentences. */
export async function workReport(ctx: Ctx, me: Account, input: WorkReportInput): Promise<ImprovedTextDto> {
  const text = input.text.trim();
  if (!text) throw new HttpError(400, 'nothing_to_improve', ASSISTANT_MSG.workDescriptionBlank);
  const r = input.repairId ? await findRepair(ctx.db, input.repairId) : null;
  const context = r && r.assignedTo === me.id ? { building: r.building, room: r.room, issue: r.issueDescription } : null;
  return improve(ctx, me, workReportPrompt(context), text, () => tidyText(text));
}
