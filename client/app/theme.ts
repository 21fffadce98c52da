import { createTheme, type MantineThemeComponents } from '@mantine/core';

// Written as plain objects rather than Modal.extend(): importing the components here would put them, and what
// they import (floating-ui, scroll locking), into every page's first download.
const components: MantineThemeComponents = {
  // Links inside text are underlined, so they are told apart without colour (WCAG 1.4.1).
  Anchor: { defaultProps: { underline: 'always' } },
  Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  CloseButton: { defaultProps: { 'aria-label': 'Close' } },
  Notification: { styles: { description: { color: 'var(--mantine-color-dark-6)' } } },
};

export const theme = createTheme({
  primaryColor: 'gso',
  colors: {
    gso: ['#e8f1fa', '#cfe0f1', '#9fc0e3', '#6c9fd5', '#4584c9', '#2f72bf', '#1c4e80', '#173f69', '#123253', '#0c243c'],
  },
  primaryShade: 6,
  // Someone who asked their system for less motion gets dialogs, menus and collapses without their transitions.
  respectReducedMotion: true,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components,
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
});
