import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { type ArchiveEntry, isStoredKind, zipAnswer } from './archive';

interface ReadEntry {
  name: string;
  method: number;
  data: Buffer;
}

function readZip(archive: Buffer): Promise<ReadEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: ReadEntry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          buffer(stream).then((data) => {
            entries.push({ name: entry.fileName, method: entry.compressionMethod, data });
            zip.readEntry();
          }, reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const entry = (name: string, content: string | Buffer): ArchiveEntry => {
  const data = Buffer.from(content);
  return { name, size: data.length, open: async () => Readable.from([data]) };
};

const MTIME = new Date('2026-03-02T08:00:00Z');

describe('zipAnswer', () => {
  it('streams a ZIP with the Chinese names, storing compressed kinds and deflating text', async () => {
    const notes = '因子模型\n'.repeat(1000);
    const answer = zipAnswer(
      '第一章 导论.zip',
      [entry('第一章 量化投资导论.pdf', '%PDF-1.4 讲义'), entry('课堂笔记.md', notes)],
      MTIME,
    );
    expect(answer).toMatchObject({ fileName: '第一章 导论.zip', contentType: 'application/zip' });
    // a deflated entry: the size cannot be told in advance
    expect(answer.size).toBeUndefined();
    const entries = await readZip(await buffer(await answer.open()));
    expect(entries.map(({ name, method }) => [name, method])).toEqual([
      ['第一章 量化投资导论.pdf', 0],
      ['课堂笔记.md', 8],
    ]);
    expect(entries[0]?.data.toString()).toBe('%PDF-1.4 讲义');
    expect(entries[1]?.data.toString()).toBe(notes);
  });

  it('knows the exact size of an archive of stored kinds and answers any range of it', async () => {
    const answer = zipAnswer(
      '课件.zip',
      [entry('一.pdf', 'a'.repeat(5000)), entry('二.mp4', 'b'.repeat(3000))],
      MTIME,
    );
    const whole = await buffer(await answer.open());
    expect(answer.size).toBe(whole.length);
    for (const range of [
      { start: 0, end: 99 },
      { start: 4000, end: 6000 },
      { start: whole.length - 10, end: whole.length - 1 },
    ]) {
      expect(await buffer(await answer.open(range))).toEqual(whole.subarray(range.start, range.end + 1));
    }
  });

  it('breaks the download off, not the process, when a file is missing', async () => {
    const answer = zipAnswer(
      '课件.zip',
      [
        entry('一.pdf', 'a'),
        {
          name: '丢失.pdf',
          size: 1,
          open: async () => {
            throw new Error('gone');
          },
        },
      ],
      MTIME,
    );
    await expect(buffer(await answer.open())).rejects.toThrow('gone');
  });

  it('stores what is compressed already', () => {
    for (const name of ['a.pdf', 'b.ZIP', 'c.mp4', 'd.jpg', 'e.pptx', 'f.docx', 'g.xlsx'])
      expect(isStoredKind(name)).toBe(true);
    for (const name of ['a.md', 'b.csv', 'c.txt', 'd.py', 'e.ipynb', 'noextension'])
      expect(isStoredKind(name)).toBe(false);
  });
});
