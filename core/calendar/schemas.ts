/** Private calendar feeds (docs/decisions/calendar-feeds.md): a person's iCalendar address, on or off. */
import { z } from 'zod';
import { isoTime, text } from '../common/schemas';

/** The feed's secret, in its address: 43 URL-safe characters (32 random bytes). */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const feedTokenParams = z.object({
  token: text().regex(FEED_TOKEN, 'a calendar feed token').meta({ description: "the feed's secret token" }),
});

/** Whether the signed-in person's feed is on; its address is shown once, when it is made. */
export const feedStatus = z.object({ enabled: z.boolean(), createdAt: isoTime.nullable() });
export type FeedStatus = z.infer<typeof feedStatus>;

export const feedCreated = z.object({ message: z.string(), url: z.string(), path: z.string(), createdAt: isoTime });
export type FeedCreated = z.infer<typeof feedCreated>;

/** The feed's address path for a token. */
export const feedPath = (token: string) => `/api/calendar/${token}/feed.ics`;
