import {
  type Exercise,
  type ExerciseSaveRequest,
  type ExerciseTag,
  exerciseTagUpdate,
  exerciseUpdate,
} from '@dfrm/sdk/resource';
import ExcelJS from 'exceljs';
import { File as NodeFile } from 'node:buffer';
import { api, loginAs } from '@/test/api-server';
import { actAs } from '@/test/course-helpers';

/** A 题库 (exercise tag) of teacher1, saved through the SDK. */
export async function createTag(tagName: string, parentId = '0'): Promise<ExerciseTag> {
  actAs(await loginAs('teacher1'));
  return exerciseTagUpdate({ body: { tagName, parentId } });
}

/** A single choice exercise of teacher1 in the tag (the form has its own test). */
export async function createChoice(
  tagId: string,
  content: string,
  more: Partial<ExerciseSaveRequest> = {},
): Promise<Exercise> {
  actAs(await loginAs('teacher1'));
  return exerciseUpdate({
    body: {
      type: 1,
      content,
      options: [
        { key: 'A', content: '贝塔系数' },
        { key: 'B', content: '夏普比率' },
      ],
      answer: 'B',
      difficulty: 2,
      tagId,
      ...more,
    },
  });
}

export async function exerciseCount(): Promise<number> {
  const result = (await api().db.execute('select count(*)::int as n from exercises')) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n);
}

const CHOICE_HEADER = [
  '题型',
  '题干',
  ...'ABCDEFGH'.split('').map((key) => `选项${key}`),
  '答案',
  '解析',
  '难度',
  '分值',
];
const QA_HEADER = ['题型', '题干', '答案', '容差', '解析', '难度', '分值'];

/** An .xlsx in one of the import templates' layouts, as a File the import can take. */
export async function exerciseWorkbook(
  template: 'choice' | 'qa',
  rows: readonly (readonly (string | number)[])[],
  name = '习题.xlsx',
): Promise<File> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(template === 'choice' ? CHOICE_HEADER : QA_HEADER);
  for (const row of rows) sheet.addRow([...row]);
  const buffer = await workbook.xlsx.writeBuffer();
  // Node's File, which Node's fetch can send (see setupNodeFormData).
  return new NodeFile([new Uint8Array(buffer as ArrayBuffer)], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  }) as unknown as File;
}
