import ExcelJS from 'exceljs';
import { InvalidInputError } from './errors';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Uploaded spreadsheets (student lists, group members) are at most this large. */
export const XLSX_MAX_BYTES = 5 * 1024 * 1024;

function isZip(data: Uint8Array): boolean {
  return data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
}

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
  if (data.length > XLSX_MAX_BYTES) throw new InvalidInputError('参数 file 不能超过 5 MB');
  if (!/\.xlsx$/i.test(fileName) || !isZip(data))
    throw new InvalidInputError('参数 file 必须是 .xlsx 格式的 Excel 文件，请使用下载的模板填写');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new InvalidInputError('参数 file 不是有效的 .xlsx 文件，请使用下载的模板填写');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new InvalidInputError('文件中没有工作表，请使用下载的模板填写');
  // cheap bound before walking the rows
  if (sheet.actualRowCount - 1 > options.maxRows)
    throw new InvalidInputError(`文件最多 ${options.maxRows} 行数据，当前约 ${sheet.actualRowCount - 1} 行`);

  const columns = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, column) => {
    const name = normalizeHeader(cellText(cell.value));
    if (options.headers.includes(name) && !columns.has(name)) columns.set(name, column);
  });
  for (const name of options.required) {
    if (!columns.has(name))
      throw new InvalidInputError(`表头与模板不符：缺少“${name}”列，请使用下载的模板填写`);
  }

  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells: Record<string, string> = {};
    let empty = true;
    for (const name of options.headers) {
      const column = columns.get(name);
      const text = column === undefined ? '' : cellText(row.getCell(column).value);
      cells[name] = text;
      if (text !== '') empty = false;
    }
    if (!empty) rows.push({ rowNumber, cells });
  });
  if (rows.length > options.maxRows)
    throw new InvalidInputError(`文件最多 ${options.maxRows} 行数据，当前 ${rows.length} 行`);
  return rows;
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
