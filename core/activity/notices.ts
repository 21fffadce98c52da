/** The shape of what a service writes: an activity entry's text, and a notice for the person concerned. */
import type { PushKind } from '../push/kinds';
import type { WebhookEvent } from '../webhooks/events';

export interface ActivityText {
  actionType: string;
  description: string;
  /** The webhook event this change is (docs/decisions/webhooks.md), about the entry's entity; said with the entry. */
  event?: WebhookEvent;
}

/** A notice in the header bell, also sent by email (docs/decisions/notifications.md). */
export interface NoticeText {
  title: string;
  message: string;
  /**
   * The kinds of Web Push notice it is (docs/decisions/push.md): sent, after the commit, to the recipient's devices
   * that chose one of them and whose role receives it. None: the bell and mail only.
   */
  push?: readonly PushKind[];
}

/** An office action: the feed entry, and what the person it concerns is told. */
export interface ActionTexts {
  activity: ActivityText;
  notice: NoticeText;
}

/**
 * The bell counts what is unread up to this many, and shows more as "99+": every new entry moves the count until
 * then, and a long absence costs no more to count than a short one.
 */
export const UNREAD_MAX = 99;
