import { PassThrough, type Readable, Transform, type TransformCallback } from 'node:stream';
import yazl from 'yazl';
import type { FileAnswer } from './file-answer';
import type { ByteRange } from './storage';

export interface ArchiveEntry {
  /** The name inside the archive (UTF-8, Chinese kept). */
  name: string;
  size: number;
  open(): Promise<Readable>;
}

/** Kinds that are compressed already: stored as they are, no CPU spent deflating them again. */
const STORED_EXTENSIONS = new Set([
  'pdf',
  'zip',
  'rar',
  '7z',
  'gz',
  'mp4',
  'mp3',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'doc',
  'docx',
  'ppt',
  'pptx',
  'xls',
  'xlsx',
]);

export function isStoredKind(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot > 0 && STORED_EXTENSIONS.has(name.slice(dot + 1).toLowerCase());
}

function zipOf(
  entries: readonly ArchiveEntry[],
  mtime: Date,
  streams: boolean,
  opened: Set<Readable> = new Set(),
): yazl.ZipFile {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    zip.addReadStreamLazy(
      entry.name,
      { mtime, compress: !isStoredKind(entry.name), size: entry.size },
      streams
        ? (callback) => {
            entry.open().then(
              (stream) => {
                opened.add(stream);
                stream.once('close', () => opened.delete(stream));
                callback(null, stream);
              },
              (error: unknown) => callback(error as Error, undefined as never),
            );
          }
        : // only sizing: a stream that never flows and holds nothing
          (callback) => callback(null, new PassThrough()),
    );
  }
  return zip;
}

/** The archive's exact size when every entry is stored (yazl can tell it in advance), else undefined. */
function archiveSize(entries: readonly ArchiveEntry[], mtime: Date): number | undefined {
  if (!entries.every((entry) => isStoredKind(entry.name))) return undefined;
  let size = -1;
  const sized = (total: number) => {
    size = total;
  };
  // @types/yazl leaves out the callback's argument
  zipOf(entries, mtime, false).end({ forceZip64Format: false, comment: '' }, sized as () => void);
  return size >= 0 ? size : undefined;
}

/** Passes bytes start..end (both included) of what flows through, then ends and stops the source. */
class Slice extends Transform {
  private position = 0;

  constructor(
    private readonly range: ByteRange,
    private readonly onDone: () => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const from = this.position;
    this.position += chunk.length;
    const start = Math.max(this.range.start - from, 0);
    const end = Math.min(this.range.end + 1 - from, chunk.length);
    if (end > start) this.push(chunk.subarray(start, end));
    if (this.position > this.range.end) {
      this.push(null);
      this.onDone();
    }
    callback();
  }
}

/**
 * Several files as one ZIP built while it is sent (yazl: ZIP64 past 4 GB,
 * UTF-8 names), reading one file at a time. Already-compressed kinds are
 * stored, the rest deflated off the event loop by zlib's thread pool.
 */
export function zipAnswer(fileName: string, entries: readonly ArchiveEntry[], mtime: Date): FileAnswer {
  const size = archiveSize(entries, mtime);
  return {
    fileName,
    contentType: 'application/zip',
    size,
    open(range) {
      const opened = new Set<Readable>();
      const zip = zipOf(entries, mtime, true, opened);
      const output = zip.outputStream as unknown as Readable;
      // a missing file or a size mismatch: the download breaks off instead of the process
      zip.on('error', (error: Error) => output.destroy(error));
      // a client that goes away leaves no file open
      output.once('close', () => {
        for (const stream of opened) stream.destroy();
      });
      zip.end();
      if (!range) return output;
      const slice = new Slice(range, () => {
        output.unpipe(slice);
        output.destroy();
      });
      output.on('error', (error) => slice.destroy(error));
      return output.pipe(slice);
    },
  };
}
