import { Anchor, CloseButton, Modal, Notification, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'gso',
  colors: {
    gso: ['#e8f1fa', '#cfe0f1', '#9fc0e3', '#6c9fd5', '#4584c9', '#2f72bf', '#1c4e80', '#173f69', '#123253', '#0c243c'],
  },
  primaryShade: 6,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // Links inside text are underlined, so they are told apart without colour (WCAG 1.4.1).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    CloseButton: CloseButton.extend({ defaultProps: { 'aria-label': 'Close' } as Record<string, string> }),
    Notification: Notification.extend({ styles: { description: { color: 'var(--mantine-color-dark-6)' } } }),
  },
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
});
