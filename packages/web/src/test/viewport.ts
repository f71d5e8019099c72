import { vi } from 'vitest';

// What jsdom lacks: media queries. Widths and heights in px or em (16 px, as browsers count em
// in media queries), joined by `and`; other features never match.
function evaluate(query: string, width: number, height: number): boolean {
  const parts = query.split(/\s+and\s+/i);
  return parts.every((part) => {
    const match = /\(\s*(min|max)-(width|height)\s*:\s*([\d.]+)(px|em|rem)?\s*\)/i.exec(part);
    if (!match) return false;
    const [, bound, axis, amount, unit] = match;
    const px = Number(amount) * (unit === 'em' || unit === 'rem' ? 16 : 1);
    const size = axis === 'width' ? width : height;
    return bound === 'min' ? size >= px : size <= px;
  });
}

/**
 * Makes `window.matchMedia` answer as a browser window of this size would (a phone: 390 × 844),
 * for the rest of the test; `vi.restoreAllMocks()` puts the default back.
 */
export function setViewport(width: number, height = 844) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: evaluate(query, width, height),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(width);
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(height);
}
