import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const FILE = join(import.meta.dirname, 'theme-variables.css');
const HEADER =
  '/* Generated from src/lib/theme.ts by theme-variables.test.tsx (UPDATE_THEME_CSS=1 to rewrite); do not edit. */\n';

/** What MantineProvider would put in a <style> at run time for our theme. */
function mantineVariables(): string {
  const { container } = render(
    <MantineProvider theme={theme}>
      <span />
    </MantineProvider>,
  );
  // its other <style> (data-mantine-styles="classes") holds the static global classes
  const style = container.querySelector('style[data-mantine-styles]:not([data-mantine-styles="classes"])');
  return style?.textContent ?? '';
}

describe('theme variables', () => {
  it('theme-variables.css is what MantineProvider generates for the theme', () => {
    const css = mantineVariables();
    expect(css).toContain('--mantine-primary-color-filled');
    if (process.env.UPDATE_THEME_CSS === '1') writeFileSync(FILE, HEADER + css + '\n');
    // The app loads this file instead of letting MantineProvider compute and insert it on every
    // start (withCssVariables={false} in app.tsx): after a theme change, run this test with
    // UPDATE_THEME_CSS=1.
    expect(readFileSync(FILE, 'utf8')).toBe(HEADER + css + '\n');
  });
});
