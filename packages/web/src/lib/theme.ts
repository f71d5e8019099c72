import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Brand blue, lightest to darkest; index 6 is the main shade.
const brand: MantineColorsTuple = [
  '#eaf1fd',
  '#d0def7',
  '#a0bbef',
  '#6c95e7',
  '#4276e0',
  '#2a63dc',
  '#1c5fd6',
  '#104cbe',
  '#0443ab',
  '#003997',
];

export const theme = createTheme({
  // html is 80px (product spec), so Mantine's rem values are scaled back to 16px-based sizes.
  scale: 16 / 80,
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  defaultRadius: 'md',
  fontFamily:
    "system-ui, -apple-system, 'PingFang SC', 'Hiragino Sans GB', 'Noto Sans CJK SC', 'Microsoft YaHei', 'Segoe UI', Roboto, sans-serif",
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    // A badge (a status, an unread count, a role) is short and says something whole: in a
    // crowded row the text beside it gives way, not the badge (Mantine's would shrink first
    // and cut its label to an ellipsis). Only a badge wider than its whole box is shortened.
    Badge: { styles: { root: { flexShrink: 0, maxWidth: '100%' } } },
  },
});
