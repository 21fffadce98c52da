/** The parts every domain's API contract is made of: ids in paths, paging, lists, plain messages. */
import { z } from 'zod';

/**
 * The largest whole number a request may carry where the database keeps an integer (an id, a page): PostgreSQL's
 * `integer`. Larger ones are refused here, as bad input, so both databases answer the same.
 */
const MAX_INT = 2_147_483_647;

/**
 * Row ids: the one rule for every id a request carries. An id is a whole number from 1 to MAX_INT, and nothing that
 * merely reads as one: in a path, a query or a form field it is plain decimal digits ("12", never "012", "+12",
 * " 12", "1e1", "0x1" or "12.0"); in a JSON body it is a JSON integer (never "12", true or [12]). A person never
 * types an id, so anything else is a probe or a bug, refused with ID_MESSAGE.
 */
export const ID_MESSAGE = 'must be an id: a whole number from 1, in plain digits';
const ID_DIGITS = /^[1-9][0-9]{0,9}$/;

/** An id in a JSON body. */
export const id = z
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .min(1, ID_MESSAGE)
  .max(MAX_INT, ID_MESSAGE)
  .meta({ description: 'id: a whole number from 1' });

/** An id in a path, a query or a multipart form field: its text, plain decimal digits, read as a number. */
export const idParam = z
  .string({ error: ID_MESSAGE })
  .regex(ID_DIGITS, ID_MESSAGE)
  .transform(Number)
  .pipe(z.number().max(MAX_INT, ID_MESSAGE))
  .meta({ description: 'id: a whole number from 1, in plain digits' });

export const idParams = z.object({ id: idParam });

/** A page number (1-based). */
export const pageNumber = z.coerce.number().int().min(1).max(MAX_INT);

export const NUL_MESSAGE = 'must not contain NUL characters';
/** Whether a text holds U+0000, which PostgreSQL cannot store and no person types. */
export const hasNul = (s: string) => s.includes('\u0000');
/**
 * Every text a request carries (bodies, queries, form fields): a string without NUL characters. Chain the
 * field's own rules after it (`.trim().max(200)`).
 */
export const text = () => z.string().refine((s) => !hasNul(s), NUL_MESSAGE);

/**
 * Characters no name or text a person types holds: the C0 and C1 controls (NUL, BEL, ESC, CR, LF, ...) and the
 * invisible direction marks and overrides (U+202E and its kin), which make a stored name read differently on screen,
 * in a PDF, a CSV or a mail than what it is. A name or title refuses them all, line breaks included; multi-line
 * free text (a description, notes) keeps its line breaks (LF, CR) and tabs and refuses the rest.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROLS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
export const CONTROL_MESSAGE = 'must not contain line breaks, control characters or direction marks';
export const MULTILINE_CONTROL_MESSAGE = 'must not contain control characters or direction marks';
/** Whether a name or title holds a character it must not (CONTROLS). */
export const hasControl = (s: string) => CONTROLS.test(s);
/** Whether multi-line text holds a control character other than a line break or tab. */
export const hasControlBesidesLineBreaks = (s: string) => CONTROLS_BUT_LINE_BREAKS.test(s);
/** A name or a title: one line, no controls, no direction marks. Chain the field's own rules after it. */
export const line = () => text().refine((s) => !hasControl(s), CONTROL_MESSAGE);
/** Multi-line free text (a description, notes): line breaks kept, other controls refused. */
export const prose = () => text().refine((s) => !hasControlBesidesLineBreaks(s), MULTILINE_CONTROL_MESSAGE);

/** Ids in a query, "1,2,3" (labels of chosen rows): each a whole number the database can hold, each once. */
export const idList = (what: string) =>
  text()
    .max(20_000)
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, `must be ${what} ids separated by commas`)
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((ids) => ids.every((n) => n >= 1 && n <= MAX_INT), `must be ${what} ids separated by commas`);

/** ?page=&pageSize=&search= of every list (ARCHITECTURE conventions). */
export const pagingQuery = {
  page: pageNumber.default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  search: text().trim().max(200).optional(),
};
export type PagingQuery = { page: number; pageSize: number; search?: string };

export const count = z.number().int().nonnegative();
/** An ISO-8601 instant (UTC). */
export const isoTime = z.string().meta({ description: 'ISO-8601 instant, UTC' });
/** A calendar date in the campus time zone (docs/decisions/calendar-dates.md). */
export const calendarDate = z.string().meta({ description: 'calendar date, YYYY-MM-DD' });

/** Counts per tab, for tabs named by `keys` (plus whatever the list adds, such as 'all'). */
export const countsOf = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, count])) as Record<K, typeof count>);

/** A paged list: the page's items and how many there are in all under the filter. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: count });

/** What an action answers besides its data: a sentence the screen shows. */
export const messageResult = z.object({ message: z.string() });
export type MessageResult = z.infer<typeof messageResult>;

/** A figure now, and the same figure this calendar month and last (docs/decisions/real-figures.md). */
export const monthFigure = z.object({ value: count, thisMonth: count, lastMonth: count });
export type MonthFigure = z.infer<typeof monthFigure>;

/** Files the server sends as they are (an ID, a proof photo, the campus map): OpenAPI names their types. */
export const fileResponse = (description: string, mimeTypes: readonly string[]) => ({
  description,
  content: Object.fromEntries(mimeTypes.map((m) => [m, { schema: z.any().meta({ type: 'string', format: 'binary' }) }])),
});

/** ?w= on a stored image (an ID, a proof photo): scaled down to that many pixels wide, never up. A PDF comes as it is. */
export const fileQuery = z.object({
  w: z.coerce.number().int().min(16).max(4096).optional().meta({ description: 'width in pixels, for images' }),
});

/** A success with no body. */
export const noContent = z.null().meta({ description: 'Done; no content' });
