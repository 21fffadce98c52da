/** The shape of what a service writes: an activity entry's text, and a notice for the person concerned. */

export interface ActivityText {
  actionType: string;
  description: string;
}

/** A notice in the header bell, also sent by email (docs/decisions/notifications.md). */
export interface NoticeText {
  title: string;
  message: string;
}

/** An office action: the feed entry, and what the person it concerns is told. */
export interface ActionTexts {
  activity: ActivityText;
  notice: NoticeText;
}
