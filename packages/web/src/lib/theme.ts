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
  // A Chinese font before the generic system font: every line of the interface is Chinese, and
  // a system font without Chinese glyphs (Segoe UI, DejaVu Sans) sends each run of characters
  // through the browser's font fallback, which made a page's first layout up to twice as slow
  // on Linux. Apple's system font comes first because it falls back to PingFang quickly.
  fontFamily:
    "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', system-ui, 'Segoe UI', Roboto, sans-serif",
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    // A badge (a status, an unread count, a role) is short and says something whole: in a
    // crowded row the text beside it gives way, not the badge (Mantine's would shrink first
    // and cut its label to an ellipsis). Only a badge wider than its whole box is shortened.
    Badge: { styles: { root: { flexShrink: 0, maxWidth: '100%' } } },
    // A closed Select or Autocomplete has no dropdown in the page. Mantine keeps every
    // combobox's dropdown mounted (hidden) by default and positions each one at mount and on
    // every resize and scroll; with five filters that alone forced ~200 ms of style and layout on
    // a phone's first load of student management. aria-controls is set only while open anyway.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});
