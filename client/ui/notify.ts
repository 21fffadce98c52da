import type { NotificationData } from '@mantine/notifications';

/**
 * Shows a notice without putting the notifications library into the page's first download: the public pages
 * (sign-in, verification) use this; the portals, which load it anyway, may import `notifications` directly.
 */
export function notify(notice: NotificationData) {
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(notice));
}
