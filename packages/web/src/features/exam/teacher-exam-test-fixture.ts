import {
  type ExamDetail,
  type ExamQuestionInput,
  examCreate,
  examExaminersAdd,
  examUpDown,
  examinerGet,
  examinerResultsSubmit,
} from '@dfrm/sdk/tms';
import ExcelJS from 'exceljs';
import { File as NodeFile } from 'node:buffer';
import { api, loginAs } from '@/test/api-server';
import { actAs } from '@/test/course-helpers';

// Exams of teacher1 made through the SDK against the reference server, on its clock, for the
// tests of the teacher's exam pages (their forms and lists have tests of their own).

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export const SINGLE: ExamQuestionInput = {
  type: 1,
  stem: '<p>衡量单位总风险所获超额收益的指标是？</p>',
  options: [
    { key: 'A', content: '贝塔系数' },
    { key: 'B', content: '夏普比率' },
  ],
  answers: ['B'],
  score: 10,
};

export const JUDGE: ExamQuestionInput = {
  type: 3,
  stem: '<p>分散投资可以降低非系统性风险。</p>',
  options: [],
  answers: ['T'],
  score: 5,
};

export const ESSAY: ExamQuestionInput = {
  type: 5,
  stem: '<p>简述动量策略的基本思想。</p>',
  options: [],
  answers: ['买入近期表现好的资产，卖出表现差的资产。'],
  score: 20,
};

export interface ExamOptions {
  name?: string;
  questions?: ExamQuestionInput[];
  /** Demo students put on the list (userName). */
  students?: string[];
  publish?: boolean;
  /** The window's end, by default three days after the server's now. */
  endTime?: number;
}

/** A user id of a demo account. */
export async function userIdOf(userName: string): Promise<string> {
  return (await loginAs(userName)).userId;
}

/** An exam of teacher1, open since an hour ago on the server's clock. */
export async function createExam(options: ExamOptions = {}): Promise<ExamDetail> {
  const now = api().clock.now();
  const userIds = await Promise.all((options.students ?? []).map(userIdOf));
  actAs(await loginAs('teacher1'));
  const exam = await examCreate({
    body: {
      schoolId: '1',
      examName: options.name ?? '量化投资期中考试',
      startTime: now - HOUR,
      endTime: options.endTime ?? now + 3 * DAY,
      duration: 90,
      passScore: 0,
      resultPolicy: 1,
      questions: options.questions ?? [SINGLE, JUDGE],
    },
  });
  if (userIds.length > 0) await examExaminersAdd({ body: { examId: exam.examId, userIds } });
  if (options.publish) await examUpDown({ body: { examId: exam.examId, upDownStatus: 1 } });
  return exam;
}

/** A student enters the exam and hands in answers by question number (from 1). */
export async function sitExam(
  exam: ExamDetail,
  userName: string,
  answers: Record<number, string[]>,
): Promise<void> {
  actAs(await loginAs(userName));
  await examinerGet({ body: { examId: exam.examId } });
  await examinerResultsSubmit({
    body: {
      examId: exam.examId,
      answers: Object.entries(answers).map(([orderNo, answer]) => ({
        questionId: exam.questions.find((question) => question.orderNo === Number(orderNo))!.questionId,
        answer,
        seq: 1,
      })),
    },
  });
}

/** An .xlsx in the examiner template's layout (学号, 姓名), as a File the import can take. */
export async function examinerWorkbook(rows: readonly (readonly string[])[]): Promise<File> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(['学号', '姓名']);
  for (const row of rows) sheet.addRow([...row]);
  const buffer = await workbook.xlsx.writeBuffer();
  // Node's File, which Node's fetch can send (see setupNodeFormData).
  return new NodeFile([new Uint8Array(buffer as ArrayBuffer)], '考生名单.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  }) as unknown as File;
}
