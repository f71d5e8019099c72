import { screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loginAs, setupApiServer, storeUser } from '@/test/api-server';
import { renderApp } from '@/test/render-app';

setupApiServer();

const ATTRIBUTE = 'data-mantine-color-scheme';

afterEach(() => {
  document.documentElement.removeAttribute(ATTRIBUTE);
  window.localStorage.removeItem('mantine-color-scheme-value');
});

describe('the colour scheme', () => {
  it('is in index.html, so the first page is styled light before any script runs', () => {
    const html = readFileSync(path.resolve(__dirname, '../../index.html'), 'utf8');
    expect(html).toMatch(/<html\b[^>]*\sdata-mantine-color-scheme="light"/);
  });

  it('is not changed while the app starts: no restyle of the whole page in its first commit', async () => {
    // as index.html leaves it
    document.documentElement.setAttribute(ATTRIBUTE, 'light');
    const changes: (string | null)[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) changes.push((record.target as Element).getAttribute(ATTRIBUTE));
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: [ATTRIBUTE] });
    storeUser(await loginAs('teacher1'));
    renderApp({ path: '/course' });
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    observer.disconnect();
    expect(document.documentElement.getAttribute(ATTRIBUTE)).toBe('light');
    // setting the same value again is harmless to the browser; a different one is not
    expect(changes.filter((value) => value !== 'light')).toEqual([]);
  });

  it('stays light for a user whose browser prefers dark (the app has no dark theme)', async () => {
    window.localStorage.setItem('mantine-color-scheme-value', 'dark');
    document.documentElement.setAttribute(ATTRIBUTE, 'light');
    storeUser(await loginAs('teacher1'));
    renderApp({ path: '/course' });
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(document.documentElement.getAttribute(ATTRIBUTE)).toBe('light');
  });
});
