// Reads the first worksheet of an uploaded .xlsx off the main thread, so a
// spreadsheet bomb costs this worker (capped heap, time limit, terminated
// when one is hit) and never the event loop every other user waits on.
// Plain JavaScript on purpose: it runs in a worker thread that needs no
// TypeScript loader, under vitest, tsx and plain node alike.
import { Transform } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import yauzl from 'yauzl';
import yazl from 'yazl';

/** A refusal the user reads (errCode 2, worded by the main thread); anything else is "not a valid .xlsx". */
class Refusal extends Error {
  constructor(reason, count) {
    super(reason);
    this.reason = reason;
    this.count = count;
  }
}

function openZip(buffer) {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    );
  });
}

function centralDirectory(zip) {
  return new Promise((resolve, reject) => {
    const entries = [];
    zip.on('entry', (entry) => {
      entries.push(entry);
      if (entries.length > job.maxEntries) reject(new Refusal('uncompressed'));
      else zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** The first `limit` inflated bytes of an entry (yauzl checks the real size against the declared one). */
function readStart(zip, entry, limit = Number.POSITIVE_INFINITY) {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks = [];
      let length = 0;
      stream.on('data', (chunk) => {
        chunks.push(chunk);
        length += chunk.length;
        if (length >= limit) {
          stream.destroy();
          resolve(Buffer.concat(chunks).subarray(0, limit));
        }
      });
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', reject);
    });
  });
}

function columnNumber(letters) {
  let number = 0;
  for (const char of letters) number = number * 26 + (char.charCodeAt(0) - 64);
  return number;
}

/**
 * Before anything is inflated in bulk: the central directory's uncompressed
 * sizes, the first sheet and the row count its <dimension> declares. Then
 * the parts exceljs reads, inflated by yauzl (which holds every entry to the
 * size the central directory declares), go into a new archive in the order
 * its streaming reader wants: what it parses is exactly what was checked,
 * whatever else the upload's local headers might hold, and nothing is
 * buffered to a temporary file.
 */
async function precheck(buffer) {
  const zip = await openZip(buffer);
  const entries = await centralDirectory(zip);
  const total = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (total > job.maxUncompressedBytes) throw new Refusal('uncompressed');
  const byName = new Map(entries.map((entry) => [entry.fileName, entry]));
  const workbook = byName.get('xl/workbook.xml');
  const rels = byName.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) throw new Error('not a workbook');
  const workbookXml = (await readStart(zip, workbook, 1024 * 1024)).toString('utf8');
  const firstTag = /<(?:\w+:)?sheet\b[^>]*>/.exec(workbookXml)?.[0] ?? '';
  const first = /\br:id="([^"]+)"/.exec(firstTag);
  if (!first) throw new Refusal('noSheet');
  const relsXml = (await readStart(zip, rels, 1024 * 1024)).toString('utf8');
  let target = null;
  for (const match of relsXml.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = /\bId="([^"]+)"/.exec(match[0]);
    const to = /\bTarget="([^"]+)"/.exec(match[0]);
    if (id && to && id[1] === first[1]) target = to[1];
  }
  if (!target) throw new Refusal('noSheet');
  const sheetPath = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const sheet = byName.get(sheetPath);
  if (!sheet) throw new Refusal('noSheet');
  const head = (await readStart(zip, sheet, 64 * 1024)).toString('utf8');
  const dimension = /<(?:\w+:)?dimension\b[^>]*\bref="[A-Z]+(\d+)(?::([A-Z]+)(\d+))?"/.exec(head);
  if (dimension) {
    const lastRow = Number(dimension[3] ?? dimension[1]);
    const lastColumn = dimension[2] ? columnNumber(dimension[2]) : 1;
    if (lastRow > job.maxRawRows) throw new Refusal('rows', lastRow - 1);
    if (lastColumn > job.maxColumns) throw new Refusal('columns');
  }
  const rebuilt = new yazl.ZipFile();
  for (const [entry, path] of [
    [rels, 'xl/_rels/workbook.xml.rels'],
    [workbook, 'xl/workbook.xml'],
    [byName.get('xl/sharedStrings.xml'), 'xl/sharedStrings.xml'],
    [byName.get('xl/styles.xml'), 'xl/styles.xml'],
    [sheet, 'xl/worksheets/sheet1.xml'],
  ]) {
    if (entry) rebuilt.addBuffer(await readStart(zip, entry), path, { compress: false });
    // without shared strings the reader would park the sheet in a temporary file
    else if (path === 'xl/sharedStrings.xml')
      rebuilt.addBuffer(Buffer.from(EMPTY_SST), path, { compress: false });
  }
  rebuilt.end();
  zip.close();
  // small pieces: the sheet reader turns each piece into row objects at once, so a piece bounds its memory
  return rebuilt.outputStream.pipe(new Rechunk(64 * 1024));
}

class Rechunk extends Transform {
  constructor(size) {
    super();
    this.size = size;
  }

  _transform(chunk, _encoding, callback) {
    for (let start = 0; start < chunk.length; start += this.size)
      this.push(chunk.subarray(start, start + this.size));
    callback();
  }
}

const EMPTY_SST =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';

/** A cell as a plain value: what a formula computed, the text of rich text and links; errors are empty. */
function plain(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value !== 'object') return null;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return plain(value.result);
  if ('error' in value) return null;
  if ('text' in value) return plain(value.text);
  return null;
}

async function readRows(input) {
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const rows = [];
  let found = false;
  for await (const worksheet of reader) {
    // the rebuilt archive holds the first sheet of the workbook only
    const wanted = !found;
    let raw = 0;
    let data = 0;
    for await (const row of worksheet) {
      raw += 1;
      if (raw > job.maxRawRows) throw new Refusal('rows');
      if (!wanted) continue;
      const values = [];
      let empty = true;
      const cells = Array.isArray(row.values) ? row.values : [];
      const width = Math.min(cells.length, job.maxColumns + 1);
      for (let column = 1; column < width; column += 1) {
        const value = plain(cells[column]);
        values.push(value);
        if (value !== null && !(typeof value === 'string' && value.trim() === '')) empty = false;
      }
      if (empty) continue;
      if (row.number > 1) data += 1;
      if (data > job.maxRows) throw new Refusal('rows');
      rows.push({ rowNumber: row.number, values });
    }
    if (wanted) found = true;
  }
  if (!found) throw new Refusal('noSheet');
  return rows;
}

function isZip(buffer) {
  return (
    buffer.length >= 4 && buffer[0] === 0x50 && buffer[1] === 0x4b && buffer[2] === 0x03 && buffer[3] === 0x04
  );
}

/** The job being read: one at a time per worker. */
let job = null;

async function read() {
  const buffer = Buffer.from(job.data);
  if (!isZip(buffer)) return { refused: 'notXlsx' };
  try {
    return { rows: await readRows(await precheck(buffer)) };
  } catch (error) {
    if (error instanceof Refusal) return { refused: error.reason, count: error.count };
    return { refused: 'invalid' };
  }
}

// the worker stays for the next file: loading exceljs costs more than reading a class list
const loading = import('exceljs');
parentPort.on('message', (message) => {
  job = message;
  loading
    .then(read, read)
    .then(
      (answer) => parentPort.postMessage(answer),
      () => parentPort.postMessage({ refused: 'invalid' }),
    )
    .finally(() => {
      job = null;
    });
});
