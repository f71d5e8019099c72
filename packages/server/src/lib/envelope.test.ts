import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { isJsonText, jsonText, ok, parseJsonText } from './envelope';

describe('ok', () => {
  const app = new Hono();
  app.get('/object', (c) => ok(c, { paper: ['一', 2] }));
  app.get('/text', (c) => ok(c, jsonText<{ paper: (string | number)[] }>('{"paper":["一",2]}')));

  it('puts a JSON text in the envelope as it is, like the same value serialised', async () => {
    const [object, text] = await Promise.all([app.request('/object'), app.request('/text')]);
    expect(text.status).toBe(200);
    expect(text.headers.get('content-type')).toMatch(/^application\/json/);
    const expected = { errCode: 0, errMsg: 'success', data: { paper: ['一', 2] } };
    expect(await object.json()).toEqual(expected);
    expect(await text.json()).toEqual(expected);
  });
});

describe('jsonText', () => {
  it('is told apart from plain values, and parses back to its value', () => {
    const text = jsonText<{ a: number }>('{"a":1}');
    expect(isJsonText(text)).toBe(true);
    expect(isJsonText({ a: 1 })).toBe(false);
    expect(isJsonText(null)).toBe(false);
    expect(parseJsonText(text)).toEqual({ a: 1 });
    expect(parseJsonText({ a: 2 })).toEqual({ a: 2 });
  });
});
