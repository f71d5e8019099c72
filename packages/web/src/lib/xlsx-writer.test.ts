import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxBytes } from './xlsx-writer';

describe('xlsx writer', () => {
  it('writes a workbook Excel readers open, with Chinese headers, text and numbers', async () => {
    const bytes = xlsxBytes({
      name: '学生名单',
      columns: [{ header: '学号' }, { header: '姓名' }, { header: '人数' }],
      rows: [
        ['20260001', '陈思远 & <林>', 3],
        ['20260002', null, 0],
      ],
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer);
    const sheet = workbook.getWorksheet('学生名单');
    expect(sheet).toBeDefined();
    expect(sheet!.getRow(1).values).toEqual([undefined, '学号', '姓名', '人数']);
    expect(sheet!.getRow(2).values).toEqual([undefined, '20260001', '陈思远 & <林>', 3]);
    expect(sheet!.getCell('A3').value).toBe('20260002');
    expect(sheet!.getCell('B3').value).toBeNull();
    expect(sheet!.getCell('C3').value).toBe(0);
    expect(sheet!.getRow(1).font?.bold ?? sheet!.getCell('A1').font?.bold).toBe(true);
  });
});
