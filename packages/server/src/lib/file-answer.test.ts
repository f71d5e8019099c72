import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { type FileAnswer, fileResponse, parseRange } from './file-answer';

describe('parseRange', () => {
  it('reads one range in its three forms', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'range', range: { start: 0, end: 9 } });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'range', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'range', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=50-500', 100)).toEqual({ kind: 'range', range: { start: 50, end: 99 } });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'range', range: { start: 0, end: 99 } });
  });

  it('answers the whole file for what it does not serve, and unsatisfiable past the end', () => {
    for (const header of [undefined, '', 'items=0-1', 'bytes=0-1,5-6', 'bytes=5-1', 'bytes=-', 'bytes=a-b'])
      expect(parseRange(header, 100)).toEqual({ kind: 'none' });
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

const CONTENT = Buffer.from('0123456789课件');

function app(answer: FileAnswer) {
  const hono = new Hono();
  hono.get('/file', (c) => fileResponse(c, answer));
  return hono;
}

const sized: FileAnswer = {
  fileName: '第一章.pdf',
  contentType: 'application/pdf',
  size: CONTENT.length,
  open: (range) => Readable.from([range ? CONTENT.subarray(range.start, range.end + 1) : CONTENT]),
};

describe('fileResponse', () => {
  it('streams the whole file as an attachment that accepts ranges', async () => {
    const response = await app(sized).request('/file');
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'accept-ranges': 'bytes',
      'content-length': String(CONTENT.length),
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="download.pdf"; filename*=UTF-8''${encodeURIComponent('第一章.pdf')}`,
      'x-content-type-options': 'nosniff',
    });
    expect(Buffer.from(await response.arrayBuffer())).toEqual(CONTENT);
  });

  it('answers 206 with Content-Range for one range, 416 past the end', async () => {
    const part = await app(sized).request('/file', { headers: { Range: 'bytes=10-' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-15/${CONTENT.length}`);
    expect(part.headers.get('content-length')).toBe('6');
    expect(await part.text()).toBe('课件');
    const past = await app(sized).request('/file', { headers: { Range: 'bytes=999-' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${CONTENT.length}`);
  });

  it('streams a file of unknown size without ranges', async () => {
    const response = await app({
      ...sized,
      size: undefined,
      open: () => Readable.from(['ab', 'cd']),
    }).request('/file', { headers: { Range: 'bytes=0-0' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('accept-ranges')).toBeNull();
    expect(response.headers.get('content-length')).toBeNull();
    expect(await response.text()).toBe('abcd');
  });

  it('reads the source only as fast as the client does', async () => {
    let pulled = 0;
    const source = new Readable({
      read() {
        pulled += 1;
        this.push(pulled <= 1000 ? Buffer.alloc(64 * 1024) : null);
      },
    });
    const response = await app({ ...sized, size: 1000 * 64 * 1024, open: () => source }).request('/file');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // a few chunks ahead at most, not the 64 MB behind them
    expect(pulled).toBeLessThan(10);
    await reader.cancel();
    expect(source.destroyed).toBe(true);
  });
});
