// Reads the first worksheet of an uploaded .xlsx off the main thread, so a
// spreadsheet bomb costs this worker (capped heap, time limit, terminated
// after) and never the event loop every other user waits on.
// Plain JavaScript on purpose: it runs in a worker thread that needs no
// TypeScript loader, under vitest, tsx and plain node alike.
import { parentPort, workerData } from 'node:worker_threads';
import yauzl from 'yauzl';

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
      if (entries.length > workerData.maxEntries) reject(new Refusal('uncompressed'));
      else zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** The first `limit` inflated bytes of an entry (yauzl checks the real size against the declared one). */
function readStart(zip, entry, limit) {
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
          resolve(Buffer.concat(chunks).subarray(0, limit).toString('utf8'));
        }
      });
      stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      stream.on('error', reject);
    });
  });
}

function unescapeXml(text) {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, entity) => {
    if (entity === 'amp') return '&';
    if (entity === 'lt') return '<';
    if (entity === 'gt') return '>';
    if (entity === 'quot') return '"';
    if (entity === 'apos') return "'";
    return String.fromCodePoint(
      entity[1] === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1)),
    );
  });
}

function columnNumber(letters) {
  let number = 0;
  for (const char of letters) number = number * 26 + (char.charCodeAt(0) - 64);
  return number;
}

/**
 * Before anything is inflated in bulk: the central directory's uncompressed
 * sizes, the first sheet and the row count its <dimension> declares.
 */
async function precheck(buffer) {
  const zip = await openZip(buffer);
  const entries = await centralDirectory(zip);
  const total = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (total > workerData.maxUncompressedBytes) throw new Refusal('uncompressed');
  const byName = new Map(entries.map((entry) => [entry.fileName, entry]));
  const workbook = byName.get('xl/workbook.xml');
  const rels = byName.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) throw new Error('not a workbook');
  const workbookXml = await readStart(zip, workbook, 1024 * 1024);
  const firstTag = /<(?:\w+:)?sheet\b[^>]*>/.exec(workbookXml)?.[0] ?? '';
  const first = /\br:id="([^"]+)"/.exec(firstTag);
  const name = /\bname="([^"]*)"/.exec(firstTag);
  if (!first || !name) throw new Refusal('noSheet');
  const relsXml = await readStart(zip, rels, 1024 * 1024);
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
  const head = await readStart(zip, sheet, 64 * 1024);
  const dimension = /<(?:\w+:)?dimension\b[^>]*\bref="[A-Z]+(\d+)(?::([A-Z]+)(\d+))?"/.exec(head);
  if (dimension) {
    const lastRow = Number(dimension[3] ?? dimension[1]);
    const lastColumn = dimension[2] ? columnNumber(dimension[2]) : 1;
    if (lastRow > workerData.maxRawRows) throw new Refusal('rows', lastRow - 1);
    if (lastColumn > workerData.maxColumns) throw new Refusal('columns');
  }
  zip.close();
  return unescapeXml(name[1]);
}

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

async function readRows(buffer, sheetName) {
  const { default: ExcelJS } = await import('exceljs');
  const { Readable } = await import('node:stream');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const rows = [];
  let found = false;
  for await (const worksheet of reader) {
    // only the first sheet of the workbook (by its order there, not in the zip) is read
    const wanted = !found && (worksheet.name === sheetName || worksheet.name === undefined);
    let raw = 0;
    let data = 0;
    for await (const row of worksheet) {
      raw += 1;
      if (raw > workerData.maxRawRows) throw new Refusal('rows');
      if (!wanted) continue;
      const values = [];
      let empty = true;
      const cells = Array.isArray(row.values) ? row.values : [];
      const width = Math.min(cells.length, workerData.maxColumns + 1);
      for (let column = 1; column < width; column += 1) {
        const value = plain(cells[column]);
        values.push(value);
        if (value !== null && !(typeof value === 'string' && value.trim() === '')) empty = false;
      }
      if (empty) continue;
      if (row.number > 1) data += 1;
      if (data > workerData.maxRows) throw new Refusal('rows');
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

async function main() {
  const buffer = Buffer.from(workerData.data);
  if (!isZip(buffer)) return { refused: 'notXlsx' };
  try {
    const sheetName = await precheck(buffer);
    return { rows: await readRows(buffer, sheetName) };
  } catch (error) {
    if (error instanceof Refusal) return { refused: error.reason, count: error.count };
    return { refused: 'invalid' };
  }
}

main().then(
  (answer) => parentPort.postMessage(answer),
  () => parentPort.postMessage({ refused: 'invalid' }),
);
