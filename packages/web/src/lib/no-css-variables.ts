/**
 * Stands in for Mantine's `MantineCssVariables` in the production build (see vite.config.ts).
 * MantineProvider renders it only with `withCssVariables`, which app.tsx turns off (the theme's
 * variables come from lib/theme-variables.css), yet imports it statically, and with it the
 * resolver that computes every theme variable (~15 KB, 3 KB gzip) in the first bundle.
 */
export function MantineCssVariables(): null {
  return null;
}
