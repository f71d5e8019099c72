import { describe, expect, it } from 'vitest';
import { cleanHtml } from './rich-text-view';

describe('cleanHtml', () => {
  it('keeps formatting and drops anything active', () => {
    const html = cleanHtml(
      '<h2>安排</h2><p onclick="steal()">第<strong>十</strong>周</p><script>alert(1)</script>' +
        '<iframe src="https://evil.example"></iframe><a href="javascript:alert(1)">点我</a>' +
        '<img src="x.png" onerror="steal()"><p style="position:fixed">x</p>',
    );
    expect(html).toContain('<h2>安排</h2>');
    expect(html).toContain('<strong>十</strong>');
    expect(html).not.toMatch(/script|iframe|onclick|onerror|javascript:|style=/i);
    expect(html).toContain('<img src="x.png">');
  });

  it('opens links in a new tab without handing over the page', () => {
    const html = cleanHtml('<a href="https://example.com/a">资料</a>');
    expect(html).toBe(
      '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">资料</a>',
    );
  });
});
