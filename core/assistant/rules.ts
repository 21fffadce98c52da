/**
 * The assistant's rules (docs/product.md, docs/decisions/form-checks.md): limits, the off-topic filter, the model
 * settings, the prompts, the offline tidy-up and the intents the built-in assistant understands.
 */
import type { Priority } from '../repairs/rules';

export const MAX_CHAT_CHARS = 1000;
export const MAX_IMPROVE_CHARS = 4000;

/** docs/product.md: 10 messages per 3 minutes, per account (else per address); enforced by the server (docs/decisions/assistant.md). */
export const CHAT_LIMIT = { max: 10, windowMs: 3 * 60_000 } as const;

/** The writing help calls the model too: a bound per account keeps a stuck button or a script from running up the bill. */
export const IMPROVE_LIMIT = { max: 20, windowMs: 10 * 60_000 } as const;

/** docs/product.md: the model and its limits. */
export const DEFAULT_MODEL = 'gpt-3.5-turbo-16k';
export const CHAT_SETTINGS = { max_tokens: 300, temperature: 0.7 } as const;
export const IMPROVE_SETTINGS = { max_tokens: 500, temperature: 0.3 } as const;

export const LANGUAGES = ['english', 'tagalog'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<Language, string> = { english: 'English', tagalog: 'Tagalog' };

/** docs/product.md, docs/decisions/form-checks.md: a message with one of these words is redirected to GSO topics... */
const OFF_TOPIC_WORDS = [
  'weather',
  'news',
  'sports',
  'entertainment',
  'movie',
  'music',
  'game',
  'cooking',
  'recipe',
  'travel',
  'vacation',
  'shopping',
  'fashion',
  'politics',
  'religion',
  'dating',
  'relationship',
  'personal',
] as const;
/** ...unless it also greets or thanks (English and Tagalog). */
const GREETING_WORDS = [
  'hi',
  'hello',
  'hey',
  'good morning',
  'good afternoon',
  'good evening',
  'greetings',
  'thanks',
  'thank you',
  'thank',
  'ty',
  'salamat',
  'maraming salamat',
  'kumusta',
  'kamusta',
  'magandang umaga',
  'magandang hapon',
  'magandang gabi',
] as const;

const wordsPattern = (words: readonly string[], plural: boolean) =>
  new RegExp(`\\b(?:${words.map((w) => w.replace(/ /g, '\\s+')).join('|')})${plural ? 's?' : ''}\\b`, 'i');
const OFF_TOPIC = wordsPattern(OFF_TOPIC_WORDS, true);
const GREETING = wordsPattern(GREETING_WORDS, false);

export const isGreeting = (message: string) => GREETING.test(message);
/** Whether the message is off-topic (docs/product.md, docs/decisions/form-checks.md): an off-topic word and no greeting or thanks. */
export const isOffTopic = (message: string) => OFF_TOPIC.test(message) && !isGreeting(message);

/** docs/product.md: the wording each priority maps to. */
const PRIORITY_WORDING: Record<Priority, string> = {
  high: 'urgent attention',
  medium: 'prompt attention',
  low: 'routine maintenance',
};
/** The offline paraphrase's closing sentence; only English, since translating needs the language model. */
const PRIORITY_SENTENCE: Record<Priority, string> = {
  high: 'This issue requires urgent attention.',
  medium: 'This issue requires prompt attention.',
  low: 'This issue can be handled as routine maintenance.',
};

/** docs/product.md: the office's stated policies, told to the model and answered by the built-in assistant. */
const POLICIES = [
  'Equipment borrowing requests are approved within 1-2 business days.',
  'Maintenance and repair requests are completed within 3-5 business days.',
  'Emergency repairs get 24-hour priority.',
  'Lost items must be reported within 24 hours.',
  'Expected maintenance downtime of the website is 2-4 hours.',
] as const;

/** docs/product.md: the portal areas the assistant is told about. */
const PORTAL_AREAS = [
  'User Dashboard (/users): analytics, recent activities, quick actions, campus map.',
  'Requests (/users/requests): your equipment borrowing requests, their status, returns with proof.',
  'Borrow (/users/borrow-item): choose items, the date needed and the expected return, then submit a borrow request.',
  'Report Repairs (/users/report-repairs, faculty only): report a repair with building, room, priority, preferred day and time.',
  'Settings (/users/settings): your profile, password and account.',
] as const;

export function chatSystemPrompt(today: string, signedIn: string | null): string {
  return [
    'You are the GSO Assistant of the General Services Office (GSO) of a university campus.',
    'Answer only questions about GSO topics: borrowing equipment and supplies, returning items with proof, reporting repairs,',
    'maintenance, the portal and office policies. Politely decline anything else. Answer in the language of the question',
    '(English or Tagalog), briefly, in plain text without markdown.',
    '',
    'Portal areas:',
    ...PORTAL_AREAS.map((a) => `- ${a}`),
    '',
    'Stated policies:',
    ...POLICIES.map((p) => `- ${p}`),
    '',
    `Today is ${today} (campus time). Write dates as the portal does, such as "Nov 12, 2026".`,
    signedIn
      ? `The person asking is signed in as ${signedIn}. Use the tools to look up their own requests, repair reports or assignments; never guess them.`
      : 'The person asking is not signed in: for their own requests or reports, ask them to sign in to the portal first.',
  ].join('\n');
}

export function paraphrasePrompt(language: Language, priority: Priority): string {
  return [
    'You rewrite repair issue descriptions for the General Services Office of a university.',
    `Rewrite the description in ${LANGUAGE_LABELS[language]} as 2-3 clear, professional sentences.`,
    `Its priority is ${priority}: say that it needs ${PRIORITY_WORDING[priority]}.`,
    'Keep every fact (place, problem, symptoms); add nothing that was not said.',
    'Return only the enhanced text.',
  ].join(' ');
}

export function workReportPrompt(context: { building: string; room: string; issue: string } | null): string {
  return [
    'You turn a rough work description by GSO maintenance personnel (Tagalog or English) into a professional work report in English.',
    'Write 8-12 sentences: what was found, what was done, materials and checks, the result and any recommendation.',
    context ? `The repair: ${context.building}, ${context.room}; reported issue: ${context.issue}.` : '',
    'Keep every fact; invent no measurements, parts or names. Return only the enhanced text.',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The offline tidy-up: spacing, capitals at sentence starts, spaces after punctuation, a closing full stop. */
export function tidyText(input: string): string {
  let s = input.replace(/\s+/g, ' ').trim();
  s = s.replace(/\s+([,.;:!?])/g, '$1');
  s = s.replace(/([,;:])(?=[^\s\d])/g, '$1 ');
  s = s.replace(/([.!?])(?=[A-Za-z])/g, '$1 ');
  s = s.replace(/(^|[.!?]\s+)([a-z])/g, (_m, p: string, c: string) => p + c.toUpperCase());
  s = s.replace(/\bi\b/g, 'I');
  if (s && !/[.!?]$/.test(s)) s += '.';
  return s;
}

/**
 * The offline paraphrase: the tidied description, each sentence once, closed by the priority's wording. Pressed
 * again (or after the priority changed), the earlier closing sentence is replaced, never repeated. It is English
 * whatever the language chosen: without a language model nothing is translated (the note says so).
 */
export function offlineParaphrase(text: string, priority: Priority): string {
  const closings = new Set(Object.values(PRIORITY_SENTENCE));
  const sentences = tidyText(text)
    .split(/(?<=[.!?])\s+/)
    .filter(Boolean);
  const kept = [...new Set(sentences)].filter((x) => !closings.has(x));
  return [...kept, PRIORITY_SENTENCE[priority]].join(' ');
}

// ---- the built-in assistant's intents (offline, and for the signed-in person's own data) ----

export type Intent =
  | { kind: 'request'; id: number; code: string }
  | { kind: 'repair'; id: number; code: string }
  | { kind: 'myRequests' }
  | { kind: 'myRepairs' }
  | { kind: 'myWeek' }
  | { kind: 'question' };

const has = (s: string, re: RegExp) => re.test(s);

/** What the message asks about: one of the person's own records, their lists, their week, or a general question. */
export function intentOf(message: string): Intent {
  const m = message.toLowerCase();
  const req = /\b(req|brw)[-\s#]?(\d{1,9})\b/.exec(m);
  if (req) return { kind: 'request', id: Number(req[2]), code: `${req[1].toUpperCase()}-${Number(req[2])}` };
  const rpr = /\brpr[-\s#]?(\d{1,9})\b/.exec(m);
  if (rpr) return { kind: 'repair', id: Number(rpr[1]), code: `RPR-${Number(rpr[1])}` };
  if (
    has(m, /\b(assigned|assignments?|tasks?|work|schedule|iskedyul)\b/) &&
    has(m, /\b(me|my|ako|ko|akin)\b/) &&
    has(m, /\b(week|linggo|today|assigned)\b/)
  )
    return { kind: 'myWeek' };
  // "How do I report a repair?" is a question, not a look-up.
  if (has(m, /\b(how|paano|saan|where|can i|pwede)\b/)) return { kind: 'question' };
  const mine = has(m, /\b(my|mine|aking|ko|akin|ang mga)\b/);
  if (mine && has(m, /\b(repairs?|reports?|sira|ayos|pagkukumpuni)\b/)) return { kind: 'myRepairs' };
  if (mine && has(m, /\b(requests?|borrow\w*|loans?|due|hiniram|humiram|items?|return)\b/)) return { kind: 'myRequests' };
  if (has(m, /\bwhat('s| is)? due\b|\bdue (date|back)\b|\boverdue\b/)) return { kind: 'myRequests' };
  return { kind: 'question' };
}
