import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buffer } from 'node:stream/consumers';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { InvalidInputError } from './errors';
import { fileTooLargeMessage, type UploadedFile } from './multipart';
import type { Storage } from './storage';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Uploaded spreadsheets (student lists, group members) are at most this large. */
export const XLSX_MAX_BYTES = 5 * 1024 * 1024;

/** A cell as the text the user typed, whatever type Excel stored it as (numbers, rich text, links, formulas). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    if (result === undefined || result === null || (typeof result === 'object' && 'error' in result))
      return '';
    return cellText(result as ExcelJS.CellValue);
  }
  if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
  return '';
}

/** Header text as people leave it: spaces, a "*" or a "（可空）" hint around the name. */
export function normalizeHeader(text: string): string {
  return text
    .replace(/\s+/g, '')
    .replace(/[*＊]/g, '')
    .replace(/[（(].*?[)）]/g, '');
}

/** A cell as the worker hands it: formulas as their result, rich text and links as text, errors as null. */
export type PlainCell = string | number | boolean | Date | null;

export interface PlainRow {
  /** The row number as Excel shows it (the header is row 1). */
  rowNumber: number;
  /** Column A first. */
  values: PlainCell[];
}

/** What an uploaded sheet may hold: the limits against spreadsheet bombs. */
export const XLSX_LIMITS = {
  /** All the parts of the file together, inflated (the central directory declares it, yauzl checks it). */
  maxUncompressedBytes: 50 * 1024 * 1024,
  maxEntries: 1000,
  maxColumns: 200,
  /** Row elements of any kind (formatted but empty ones too), per data row allowed. */
  rawRowsPerDataRow: 10,
  /** A sheet that takes longer than this to read is refused. */
  timeoutMs: 30_000,
  /** The worker's heap. */
  maxHeapMb: 256,
  /** Workers reading at once; more wait their turn. */
  concurrency: 2,
};

// path arithmetic rather than `new URL(…, import.meta.url)`: under jsdom (the web package's
// tests) URL is jsdom's, which Worker and fileURLToPath refuse
const WORKER_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'xlsx-worker.mjs');

interface WorkerAnswer {
  rows?: PlainRow[];
  refused?: 'notXlsx' | 'invalid' | 'uncompressed' | 'noSheet' | 'rows' | 'columns';
  count?: number;
}

function refusal(answer: WorkerAnswer, maxRows: number): InvalidInputError {
  switch (answer.refused) {
    case 'notXlsx':
      return new InvalidInputError(NOT_XLSX_MESSAGE);
    case 'uncompressed':
      return new InvalidInputError(
        `文件过大：解压后超过 ${XLSX_LIMITS.maxUncompressedBytes / 1024 / 1024} MB，请只保留模板中的数据`,
      );
    case 'noSheet':
      return new InvalidInputError('文件中没有工作表，请使用下载的模板填写');
    case 'rows':
      return new InvalidInputError(
        `文件过大：最多 ${maxRows} 行数据${answer.count === undefined ? '' : `，当前约 ${answer.count} 行`}`,
      );
    case 'columns':
      return new InvalidInputError(`文件过大：最多 ${XLSX_LIMITS.maxColumns} 列`);
    default:
      return new InvalidInputError('参数 file 不是有效的 .xlsx 文件，请使用下载的模板填写');
  }
}

const NOT_XLSX_MESSAGE = '参数 file 必须是 .xlsx 格式的 Excel 文件，请使用下载的模板填写';

/** Idle workers, kept a minute for the next file (unref'd: they never hold the process open). */
const idle: Worker[] = [];
const IDLE_MS = 60_000;
const idleTimers = new Map<Worker, NodeJS.Timeout>();

function takeIdle(): Worker | undefined {
  const worker = idle.pop();
  if (worker) {
    clearTimeout(idleTimers.get(worker));
    idleTimers.delete(worker);
  }
  return worker;
}

function keepIdle(worker: Worker): void {
  worker.unref();
  idle.push(worker);
  const timer = setTimeout(() => {
    idleTimers.delete(worker);
    idle.splice(idle.indexOf(worker), 1);
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  idleTimers.set(worker, timer);
}
let running = 0;
const waiting: (() => void)[] = [];

function newWorker(): Worker {
  return new Worker(WORKER_PATH, {
    resourceLimits: { maxOldGenerationSizeMb: XLSX_LIMITS.maxHeapMb },
    // plain JavaScript: no loader of the parent (tsx, vitest) is needed or wanted
    execArgv: [],
  });
}

/** Reads in a worker of the pool, at most `concurrency` at once; a worker that hit a limit is ended, not reused. */
async function inWorker(data: Uint8Array, maxRows: number): Promise<WorkerAnswer> {
  if (running >= XLSX_LIMITS.concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  const worker = takeIdle() ?? newWorker();
  worker.ref();
  let healthy = false;
  try {
    const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (message: WorkerAnswer) => {
        cleanup();
        healthy = true;
        resolve(message);
      };
      const onError = (error: Error & { code?: string }) => {
        cleanup();
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new InvalidInputError('文件过大：读取时超出内存上限，请只保留模板中的数据')
            : error,
        );
      };
      const onExit = () => {
        cleanup();
        reject(new Error('xlsx worker exited without an answer'));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new InvalidInputError('文件处理超时：内容过多，请只保留模板中的数据后重新上传'));
      }, XLSX_LIMITS.timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      // a copy the worker owns: the caller's bytes stay usable
      const copy = new Uint8Array(data).buffer;
      worker.postMessage(
        {
          data: copy,
          maxRows,
          maxRawRows: maxRows * XLSX_LIMITS.rawRowsPerDataRow + 1000,
          maxUncompressedBytes: XLSX_LIMITS.maxUncompressedBytes,
          maxEntries: XLSX_LIMITS.maxEntries,
          maxColumns: XLSX_LIMITS.maxColumns,
        },
        [copy],
      );
    });
    return answer;
  } finally {
    if (healthy) {
      keepIdle(worker);
    } else {
      void worker.terminate();
    }
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * The non-empty rows of the first worksheet of an uploaded .xlsx (the header
 * row included), read off the main thread. Refused (errCode 2, in Chinese)
 * before anything is inflated in bulk when the file is not an .xlsx, larger
 * than 5 MB, inflates past 50 MB, or declares more rows than allowed; and
 * while streaming when it has more than `maxRows` data rows.
 */
export async function readSheetRows(
  fileName: string,
  data: Uint8Array,
  options: { maxRows: number },
): Promise<PlainRow[]> {
  if (data.length > XLSX_MAX_BYTES) throw new InvalidInputError(fileTooLargeMessage('file', XLSX_MAX_BYTES));
  if (!/\.xlsx$/i.test(fileName)) throw new InvalidInputError(NOT_XLSX_MESSAGE);
  const answer = await inWorker(data, options.maxRows);
  if (!answer.rows) throw refusal(answer, options.maxRows);
  return answer.rows;
}

/**
 * The bytes of an uploaded spreadsheet (at most 5 MB: the multipart limit
 * for spreadsheets), read from storage.
 */
export async function readUploadedSheet(
  storage: Storage | null,
  file: UploadedFile | null,
): Promise<Uint8Array> {
  if (!file) throw new InvalidInputError('参数 file 不能为空');
  if (!storage) throw new Error('no file storage configured');
  if (file.size > XLSX_MAX_BYTES) throw new InvalidInputError(fileTooLargeMessage('file', XLSX_MAX_BYTES));
  const stream = await storage.read(file.key);
  if (!stream) throw new InvalidInputError('参数 file 不能为空');
  return new Uint8Array(await buffer(stream));
}

export interface SheetRow {
  /** The row number as Excel shows it (the header is row 1). */
  rowNumber: number;
  /** Cell texts by (normalized) header name; missing columns are ''. */
  cells: Record<string, string>;
}

/**
 * Reads the first worksheet of an uploaded .xlsx: header row 1, data rows
 * below, fully empty rows skipped. Refuses (errCode 2, in Chinese) a file
 * that is not an .xlsx, is too large, lacks a required header or has more
 * than `maxRows` data rows.
 */
export async function readSheet(
  fileName: string,
  data: Uint8Array,
  options: { headers: readonly string[]; required: readonly string[]; maxRows: number },
): Promise<SheetRow[]> {
  const plainRows = await readSheetRows(fileName, data, { maxRows: options.maxRows });
  const header = plainRows[0]?.rowNumber === 1 ? plainRows[0].values : [];
  const columns = new Map<string, number>();
  header.forEach((value, index) => {
    const name = normalizeHeader(cellText(value));
    if (options.headers.includes(name) && !columns.has(name)) columns.set(name, index);
  });
  for (const name of options.required) {
    if (!columns.has(name))
      throw new InvalidInputError(`表头与模板不符：缺少“${name}”列，请使用下载的模板填写`);
  }
  const rows: SheetRow[] = [];
  for (const row of plainRows) {
    if (row.rowNumber === 1) continue;
    const cells: Record<string, string> = {};
    let empty = true;
    for (const name of options.headers) {
      const column = columns.get(name);
      const text = column === undefined ? '' : cellText(row.values[column] ?? null);
      cells[name] = text;
      if (text !== '') empty = false;
    }
    if (!empty) rows.push({ rowNumber: row.rowNumber, cells });
  }
  return rows;
}

/** readSheet of an upload in storage (the caller discards the upload after). */
export async function readSheetUpload(
  storage: Storage | null,
  file: UploadedFile | null,
  options: { headers: readonly string[]; required: readonly string[]; maxRows: number },
): Promise<SheetRow[]> {
  const data = await readUploadedSheet(storage, file);
  return readSheet(file?.fileName ?? '', data, options);
}

/** A template: one sheet with bold headers of the given widths, an example row, text-typed columns, and a help sheet. */
export async function buildTemplate(options: {
  sheetName: string;
  columns: readonly { header: string; width: number; hint: string; text?: boolean }[];
  example: readonly string[];
  notes: readonly string[];
}): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'dfrm';
  const sheet = workbook.addWorksheet(options.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = options.columns.map((column) => ({ header: column.header, width: column.width }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', horizontal: 'center' };
  options.columns.forEach((column, index) => {
    header.getCell(index + 1).note = column.hint;
  });
  sheet.addRow([...options.example]);
  // numbers typed into text cells stay text: leading zeros of student numbers survive
  options.columns.forEach((column, index) => {
    if (column.text) sheet.getColumn(index + 1).numFmt = '@';
  });
  const help = workbook.addWorksheet('填写说明');
  help.columns = [
    { header: '列', width: 12 },
    { header: '填写要求', width: 70 },
  ];
  help.getRow(1).font = { bold: true };
  for (const column of options.columns) help.addRow([column.header, column.hint]);
  help.addRow([]);
  options.notes.forEach((note, index) => help.addRow([index === 0 ? '说明' : '', note]));
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}

/** An export: one sheet with bold, frozen headers of the given widths and the rows as given. */
export async function buildSheet(options: {
  sheetName: string;
  columns: readonly { header: string; width: number; text?: boolean }[];
  rows: readonly (readonly PlainCell[])[];
}): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'dfrm';
  const sheet = workbook.addWorksheet(options.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = options.columns.map((column) => ({ header: column.header, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  options.columns.forEach((column, index) => {
    if (column.text) sheet.getColumn(index + 1).numFmt = '@';
  });
  for (const row of options.rows) sheet.addRow([...row]);
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
