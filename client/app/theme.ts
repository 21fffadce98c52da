import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'gso',
  colors: {
    gso: ['#e8f1fa', '#cfe0f1', '#9fc0e3', '#6c9fd5', '#4584c9', '#2f72bf', '#1c4e80', '#173f69', '#123253', '#0c243c'],
  },
  primaryShade: 6,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
});
