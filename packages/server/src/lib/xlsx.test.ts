import { describe, expect, it } from 'vitest';
import { xlsxBomb } from '../testing/xlsx-bomb';
import { InvalidInputError } from './errors';
import { buildTemplate, readSheet, readSheetRows, XLSX_LIMITS, XLSX_MAX_BYTES } from './xlsx';

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(InvalidInputError);
  return (error as Error).message;
}

describe('readSheetRows (in a worker)', () => {
  it('reads the first sheet of a template, row numbers as Excel shows them', async () => {
    const template = await buildTemplate({
      sheetName: '成员',
      columns: [
        { header: '账号', width: 10, hint: '必填', text: true },
        { header: '姓名（仅供核对）', width: 10, hint: '选填' },
      ],
      example: ['s01', '陈思远'],
      notes: ['说明'],
    });
    expect(await readSheetRows('成员.xlsx', template, { maxRows: 10 })).toEqual([
      { rowNumber: 1, values: ['账号', '姓名（仅供核对）'] },
      { rowNumber: 2, values: ['s01', '陈思远'] },
    ]);
    expect(
      await readSheet('成员.xlsx', template, { headers: ['账号', '姓名'], required: ['账号'], maxRows: 10 }),
    ).toEqual([{ rowNumber: 2, cells: { 账号: 's01', 姓名: '陈思远' } }]);
  });

  it('refuses a 4-million-row bomb of a few hundred KB from its declared size, before inflating it', async () => {
    const bomb = await xlsxBomb({ rows: 4_000_000, unnumbered: true });
    expect(bomb.length).toBeLessThan(XLSX_MAX_BYTES / 4);
    expect(await refusal(readSheetRows('名单.xlsx', bomb, { maxRows: 2000 }))).toBe(
      '文件过大：解压后超过 50 MB，请只保留模板中的数据',
    );
  }, 60_000);

  it('refuses a sheet whose dimension declares too many rows', async () => {
    const liar = await xlsxBomb({ rows: 3, dimension: 4_000_000 });
    expect(await refusal(readSheetRows('名单.xlsx', liar, { maxRows: 2000 }))).toBe(
      '文件过大：最多 2000 行数据，当前约 3999999 行',
    );
  });

  it('stops reading at the row cap when nothing declares the rows', async () => {
    const quiet = await xlsxBomb({ rows: 300_000, dimension: 'none' });
    expect(await refusal(readSheetRows('名单.xlsx', quiet, { maxRows: 2000 }))).toBe(
      '文件过大：最多 2000 行数据',
    );
    // the same shape under the cap is read
    const fine = await xlsxBomb({ rows: 50, dimension: 'none' });
    const rows = await readSheetRows('名单.xlsx', fine, { maxRows: 2000 });
    expect(rows).toHaveLength(51);
    expect(rows[50]).toEqual({ rowNumber: 51, values: [51] });
  }, 60_000);

  it('ends a worker that takes too long, and reads the next file in a fresh one', async () => {
    const fine = await xlsxBomb({ rows: 5, dimension: 'none' });
    const limit = XLSX_LIMITS.timeoutMs;
    XLSX_LIMITS.timeoutMs = 1;
    try {
      expect(await refusal(readSheetRows('名单.xlsx', fine, { maxRows: 10 }))).toBe(
        '文件处理超时：内容过多，请只保留模板中的数据后重新上传',
      );
    } finally {
      XLSX_LIMITS.timeoutMs = limit;
    }
    expect(await readSheetRows('名单.xlsx', fine, { maxRows: 10 })).toHaveLength(6);
  });

  it('refuses what is not an .xlsx', async () => {
    expect(await refusal(readSheetRows('a.xlsx', new TextEncoder().encode('hello'), { maxRows: 10 }))).toBe(
      '参数 file 必须是 .xlsx 格式的 Excel 文件，请使用下载的模板填写',
    );
    expect(
      await refusal(readSheetRows('a.xlsx', new Uint8Array([0x50, 0x4b, 3, 4, 1]), { maxRows: 10 })),
    ).toBe('参数 file 不是有效的 .xlsx 文件，请使用下载的模板填写');
  });
});
