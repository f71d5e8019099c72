import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_THEME, type MantineColorsTuple, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

// WCAG 2.1 relative luminance and contrast ratio of two #rrggbb colours.
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const linear = (v: number) => {
    const s = v / 255;
    return s <= 0.039_28 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(n >> 16) + 0.7152 * linear((n >> 8) & 255) + 0.0722 * linear(n & 255);
}
function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

const css = readFileSync(join(import.meta.dirname, 'contrast.css'), 'utf8');
const overrides = new Map([...css.matchAll(/(--mantine-color-[\w-]+):\s*(#[0-9a-f]{6});/g)].map((m) => [m[1], m[2]]));
const full = mergeMantineTheme(DEFAULT_THEME, theme);
const colors = Object.entries(full.colors).filter(([name]) => name !== 'dark' && name !== 'gray') as [
  string,
  MantineColorsTuple,
][];
const white = '#ffffff';
const shade = (shades: MantineColorsTuple, i: number) => shades[i] as string;
const gray1 = full.colors.gray[1] as string;
const AA = 4.5;

describe('readable colours (contrast.css)', () => {
  it('dimmed text reaches 4.5:1 on white and on the grey page backgrounds', () => {
    const dimmed = overrides.get('--mantine-color-dimmed') ?? shade(full.colors.gray, 6);
    expect(contrast(dimmed, white)).toBeGreaterThanOrEqual(AA);
    expect(contrast(dimmed, gray1)).toBeGreaterThanOrEqual(AA);
  });

  it.each(colors)('%s: text and outlines on the page, white text on filled, light badges', (name, shades) => {
    const filled = overrides.get(`--mantine-color-${name}-filled`) ?? shade(shades, full.primaryShade as number);
    const text = overrides.get(`--mantine-color-${name}-text`) ?? filled;
    const lightColor = overrides.get(`--mantine-color-${name}-light-color`) ?? shade(shades, 9);
    expect(contrast(white, filled), 'white text on the filled colour').toBeGreaterThanOrEqual(AA);
    expect(contrast(text, gray1), 'coloured text on gray.1').toBeGreaterThanOrEqual(AA);
    expect(contrast(lightColor, shade(shades, 1)), 'light variant: text on its background').toBeGreaterThanOrEqual(AA);
  });

  it('the overrides outrank the variables Mantine writes for the light scheme and are loaded', () => {
    expect(css).toContain("html:root[data-mantine-color-scheme='light']");
    expect(readFileSync(join(import.meta.dirname, 'styles.css'), 'utf8')).toContain("@import './contrast.css';");
  });
});
