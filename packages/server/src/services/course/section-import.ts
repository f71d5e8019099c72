import type { Input } from '../../contract/types';
import { bytesAnswer, type FileAnswer } from '../../lib/file-answer';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { courseSections } from '../../db/schema/teaching';
import { ForbiddenError, InvalidInputError, NotFoundError } from '../../lib/errors';
import type { UploadedFile } from '../../lib/multipart';
import type { Storage } from '../../lib/storage';
import { type PlainRow, readSheetRows, readUploadedSheet } from '../../lib/xlsx';
import type { AuthedCall } from '../context';
import type { CourseSectionImportError, CourseSectionImportResult } from '@dfrm/sdk/tms/types';
import { assertCourseTeacher, COURSE_NOT_FOUND_MESSAGE } from './membership';
import { CLOCK_TIME, MAX_SECTIONS, scheduleProblems, type SectionFields, writeSections } from './sections';
import { resolveSchoolId } from '../school/resolve-school';
import { parseId } from '../../lib/ids';

export const TEMPLATE_FILE_NAME = '课程章节导入模板.xlsx';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The template's columns, in order; the header row carries exactly these names. */
const COLUMNS = [
  { key: 'sortNo', header: '序号', width: 8, hint: '必填，1–999 的整数，同一课程内不重复' },
  { key: 'name', header: '章节名称', width: 30, hint: '必填，不超过 100 个字符' },
  { key: 'description', header: '章节说明', width: 40, hint: '选填，不超过 1000 个字符' },
  { key: 'classDate', header: '上课日期', width: 14, hint: '选填，YYYY-MM-DD，如 2026-03-02' },
  { key: 'startTime', header: '开始时间', width: 12, hint: '选填，HH:mm（24 小时制），如 08:00' },
  { key: 'endTime', header: '结束时间', width: 12, hint: '选填，HH:mm，须晚于开始时间' },
  { key: 'location', header: '上课地点', width: 20, hint: '选填，不超过 100 个字符' },
] as const;

type ColumnKey = (typeof COLUMNS)[number]['key'];

const EXAMPLE_ROW = [
  '1',
  '第一章 金融数据分析导论',
  '课程介绍，安装 Python 与 Jupyter 环境',
  '2026-03-02',
  '08:00',
  '09:35',
  '教学楼 A101',
];

/** GET /tms-server/courseMgr/downloadTemplateExcel: an .xlsx with the header, an example row and instructions. */
export async function courseSectionTemplate(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'dfrm';
  const sheet = workbook.addWorksheet('课程章节', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((column) => ({ header: column.header, key: column.key, width: column.width }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', horizontal: 'center' };
  COLUMNS.forEach((column, index) => {
    header.getCell(index + 1).note = column.hint;
  });
  sheet.addRow(EXAMPLE_ROW);
  // dates and times typed as text stay text: Excel would otherwise turn 08:00 into a fraction of a day
  for (const key of ['sortNo', 'classDate', 'startTime', 'endTime'] as const) {
    const index = COLUMNS.findIndex((column) => column.key === key) + 1;
    for (let row = 2; row <= MAX_SECTIONS + 1; row += 1) sheet.getRow(row).getCell(index).numFmt = '@';
  }
  const help = workbook.addWorksheet('填写说明');
  help.columns = [
    { header: '列', key: 'header', width: 12 },
    { header: '填写要求', key: 'hint', width: 60 },
  ];
  help.getRow(1).font = { bold: true };
  for (const column of COLUMNS) help.addRow({ header: column.header, hint: column.hint });
  help.addRow({});
  help.addRow({
    header: '说明',
    hint: '第 1 行为表头，请勿修改；第 2 行为示例，可直接改写或删除；空行会被跳过。',
  });
  help.addRow({
    header: '',
    hint: `最多 ${MAX_SECTIONS} 行章节。上课日期、开始时间和结束时间要么都填，要么都不填。`,
  });
  help.addRow({ header: '', hint: '任何一行有错时整个文件都不会导入，请按提示的行号修改后重新上传。' });
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}

// ---- reading a file -----------------------------------------------------------

/** Header text as the teacher may have left it: spaces, a "*" or a "（YYYY-MM-DD）" hint around the name. */
function normalizeHeader(text: string): string {
  return text
    .replace(/\s+/g, '')
    .replace(/[*＊]/g, '')
    .replace(/[（(].*?[)）]/g, '');
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** Excel serial day number (1900 date system) → YYYY-MM-DD. */
function serialToDate(serial: number): string {
  return new Date(Math.round((serial - 25569) * 86_400_000)).toISOString().slice(0, 10);
}

/** A fraction of a day → HH:mm. */
function fractionToTime(fraction: number): string {
  const minutes = Math.round((fraction - Math.floor(fraction)) * 24 * 60) % (24 * 60);
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** A cell as the text the teacher meant, whatever type Excel stored it as. */
function cellText(value: ExcelJS.CellValue, kind: 'text' | 'date' | 'time'): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') {
    if (kind === 'date') return serialToDate(value);
    if (kind === 'time') return fractionToTime(value);
    return String(value);
  }
  if (value instanceof Date) {
    // exceljs reads Excel dates and times as UTC instants
    if (kind === 'time') return value.toISOString().slice(11, 16);
    return value.toISOString().slice(0, 10);
  }
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    if (result === undefined || (typeof result === 'object' && result !== null && 'error' in result))
      return '';
    return cellText(result as ExcelJS.CellValue, kind);
  }
  if ('text' in value) return String(value.text).trim();
  return '';
}

/** Strings like "8:05" are meant as 08:05. */
function normalizeTime(text: string): string {
  const match = /^(\d{1,2})[:：](\d{2})(?::\d{2})?$/.exec(text);
  return match ? `${pad(Number(match[1]))}:${match[2]}` : text;
}

/** Strings like "2026/3/2" are meant as 2026-03-02. */
function normalizeDate(text: string): string {
  const match = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(text);
  return match ? `${match[1]}-${pad(Number(match[2]))}-${pad(Number(match[3]))}` : text;
}

interface ParsedRow {
  rowNumber: number;
  fields: SectionFields;
}

async function readRows(
  storage: Storage | null,
  file: UploadedFile | null,
): Promise<{ rows: ParsedRow[]; errors: CourseSectionImportError[] }> {
  const data = await readUploadedSheet(storage, file);
  // off the main thread, with the limits against spreadsheet bombs
  const sheetRows = await readSheetRows(file?.fileName ?? '', data, { maxRows: MAX_SECTIONS });
  const headerValues = sheetRows[0]?.rowNumber === 1 ? sheetRows[0].values : [];
  const positions = new Map<ColumnKey, number>();
  headerValues.forEach((value, index) => {
    const name = normalizeHeader(cellText(value, 'text'));
    const column = COLUMNS.find((entry) => entry.header === name);
    if (column && !positions.has(column.key)) positions.set(column.key, index);
  });
  const missing = COLUMNS.filter((column) => !positions.has(column.key)).map(
    (column) => `「${column.header}」`,
  );
  if (missing.length > 0) {
    throw new InvalidInputError(`表头与模板不符：缺少${missing.join('、')}列，请使用下载的模板填写`);
  }
  const at = (row: PlainRow, key: ColumnKey, kind: 'text' | 'date' | 'time' = 'text') => {
    const index = positions.get(key);
    return index === undefined ? '' : cellText(row.values[index] ?? null, kind);
  };

  const rows: ParsedRow[] = [];
  const errors: CourseSectionImportError[] = [];
  const firstRowOfSortNo = new Map<number, number>();
  let dataRows = 0;
  for (const row of sheetRows) {
    const { rowNumber } = row;
    if (rowNumber === 1) continue;
    const values = {
      sortNo: at(row, 'sortNo'),
      name: at(row, 'name'),
      description: at(row, 'description'),
      classDate: normalizeDate(at(row, 'classDate', 'date')),
      startTime: normalizeTime(at(row, 'startTime', 'time')),
      endTime: normalizeTime(at(row, 'endTime', 'time')),
      location: at(row, 'location'),
    };
    if (Object.values(values).every((value) => value === '')) continue;
    dataRows += 1;
    if (dataRows > MAX_SECTIONS) {
      throw new InvalidInputError(`参数 file 最多 ${MAX_SECTIONS} 行章节数据`);
    }
    const rowErrors: CourseSectionImportError[] = [];
    const fail = (column: string | null, reason: string) =>
      rowErrors.push(column === null ? { rowNumber, reason } : { rowNumber, column, reason });

    let sortNo = 0;
    if (values.sortNo === '') fail('序号', '序号不能为空');
    else if (!/^\d{1,3}$/.test(values.sortNo) || Number(values.sortNo) < 1)
      fail('序号', '序号应为 1–999 的整数');
    else {
      sortNo = Number(values.sortNo);
      const first = firstRowOfSortNo.get(sortNo);
      if (first !== undefined) fail('序号', `序号 ${sortNo} 与第 ${first} 行重复`);
      else firstRowOfSortNo.set(sortNo, rowNumber);
    }
    if (values.name === '') fail('章节名称', '章节名称不能为空');
    else if (values.name.length > 100) fail('章节名称', '章节名称不能超过 100 个字符');
    if (values.description.length > 1000) fail('章节说明', '章节说明不能超过 1000 个字符');
    if (values.location.length > 100) fail('上课地点', '上课地点不能超过 100 个字符');
    for (const problem of scheduleProblems(
      values.classDate || null,
      values.startTime || null,
      values.endTime || null,
      { date: '上课日期', start: '开始时间', end: '结束时间' },
    )) {
      fail(problem.field, problem.reason);
    }
    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      continue;
    }
    rows.push({
      rowNumber,
      fields: {
        name: values.name,
        sortNo,
        description: values.description,
        classDate: values.classDate || null,
        startTime: CLOCK_TIME.test(values.startTime) ? values.startTime : null,
        endTime: CLOCK_TIME.test(values.endTime) ? values.endTime : null,
        location: values.location,
      },
    });
  }
  if (dataRows === 0)
    throw new InvalidInputError('参数 file 中没有章节数据（第 1 行为表头，从第 2 行起填写）');
  return { rows, errors };
}

/** replace (default): the sheet's sections replace the course's; append: they are added. The sheet is in storage; the caller discards it after. */
type SectionUpload = Input<'uploadCourseSection'>;

/**
 * POST /tms-server/courseMgr/uploadCourseSection/{schoolId}/{teacherId}/{courseId}:
 * the whole file is checked first; one bad row and nothing is imported. A good
 * file is written in one transaction. Sort numbers identify sections, so the
 * same file imported twice (in either mode) leaves the same sections.
 */
export async function uploadCourseSection({
  ctx,
  input,
}: AuthedCall<SectionUpload>): Promise<CourseSectionImportResult> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const courseId = parseId(input.courseId);
  if (courseId === null) throw new NotFoundError(COURSE_NOT_FOUND_MESSAGE);
  if (parseId(input.teacherId) !== ctx.auth.userId) {
    throw new ForbiddenError('teacherId 必须是当前登录的教师');
  }
  await assertCourseTeacher(ctx, schoolId, courseId);
  const { rows, errors } = await readRows(ctx.storage, input.file);
  if (errors.length > 0) return { success: false, importedNum: 0, errors };

  const fields = rows.map((row) => row.fields);
  if ((input.mode ?? 'replace') === 'replace') {
    await writeSections(ctx.db, courseId, ctx.clock.now(), [], fields, { replaceAll: true });
  } else {
    const existing = await ctx.db
      .select({ id: courseSections.id, sortNo: courseSections.sortNo })
      .from(courseSections)
      .where(eq(courseSections.courseId, courseId));
    const bySortNo = new Map(existing.map((row) => [row.sortNo, row.id]));
    const updates: { id: number; fields: SectionFields }[] = [];
    const inserts: SectionFields[] = [];
    for (const entry of fields) {
      const id = bySortNo.get(entry.sortNo);
      if (id === undefined) inserts.push(entry);
      else updates.push({ id, fields: entry });
    }
    await writeSections(ctx.db, courseId, ctx.clock.now(), updates, inserts);
  }
  return { success: true, importedNum: fields.length, errors: [] };
}

/** The section import template as a download. */
export async function downloadCourseSectionTemplate(): Promise<FileAnswer> {
  return bytesAnswer(TEMPLATE_FILE_NAME, XLSX_CONTENT_TYPE, await courseSectionTemplate());
}
