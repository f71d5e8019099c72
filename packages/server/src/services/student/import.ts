import { XLSX_CONTENT_TYPE } from '../../lib/xlsx';
import { bytesAnswer } from '../../lib/file-answer';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import {
  classes,
  colleges,
  grades,
  majors,
  schoolMembers,
  type StudentGender,
  students,
} from '../../db/schema/school';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { buildTemplate, readSheetUpload, type SheetRow } from '../../lib/xlsx';
import type { StudentImportError, StudentImportResult } from '@dfrm/sdk/tms/types';
import type { Input, Output } from '../../contract/types';
import type { AuthedCall } from '../context';
import {
  accountFacts,
  type AccountFacts,
  hashInitialPassword,
  initialPassword,
  linkProblem,
} from './accounts';
import { isUniqueViolation } from '../../lib/db-errors';
import { type ScopeOf, USER_NAME_PATTERN } from './manage';
import { CLASS_NOT_FOUND_MESSAGE, CLASS_OUT_OF_SCOPE_MESSAGE, classInScope } from './scope';
import { resolveSchoolId } from '../school/resolve-school';
import { idOrNotFound } from '../../lib/ids';

export const STUDENT_TEMPLATE_FILE_NAME = '学生导入模板.xlsx';
/** Data rows one file may hold (specs/tms/student.yaml uploadStudent). */
export const MAX_IMPORT_ROWS = 2000;

const NUMBER_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const PHONE_PATTERN = /^1\d{10}$/;
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

const COLUMNS = [
  { header: '学号', width: 16, text: true, hint: '必填，1–32 位字母、数字、下划线或连字符，本校内唯一' },
  { header: '姓名', width: 14, hint: '必填，不超过 32 个字符' },
  { header: '性别', width: 8, hint: '选填，男 或 女' },
  {
    header: '账号',
    width: 18,
    text: true,
    hint: '选填，登录账号，4–64 位字母、数字或 _ . @ -；不填时用学号',
  },
  { header: '手机号', width: 16, text: true, hint: '选填，11 位手机号' },
  { header: '邮箱', width: 26, hint: '选填' },
] as const;

const HEADERS = COLUMNS.map((column) => column.header);

/** GET /tms-server/studentMgr/downloadTemplateExcel */
export function studentTemplate(): Promise<Uint8Array> {
  return buildTemplate({
    sheetName: '学生名单',
    columns: COLUMNS,
    example: ['20260101', '张三', '男', '', '13800138000', 'zhangsan@example.com'],
    notes: [
      '第 1 行为表头，请勿修改；第 2 行为示例，请改写或删除后再上传；空行会被跳过。',
      `每个文件最多 ${MAX_IMPORT_ROWS} 名学生，文件不超过 5 MB。`,
      '任何一行有错时整个文件都不会导入，请按提示的行号修改后重新上传。',
      '新学生会自动创建登录账号：账号为“账号”列（不填为学号），初始密码为学号后 6 位（不足 6 位左侧补 0）。',
      '再次导入同一文件不会重复创建学生，只会更新姓名、性别、手机号和邮箱。',
    ],
  });
}

/** A teacher's import and a school manager's take the same path and sheet; the caller discards the sheet after. */
type ImportInput = Input<'uploadStudent'> | Input<'schoolUploadStudent'>;

interface RowPlan {
  rowNumber: number;
  studentNumber: string;
  name: string;
  gender: StudentGender | undefined;
  userName: string;
  phone: string | undefined;
  email: string | undefined;
  /** The roster row this file row updates (same class), else a new student. */
  existingStudent: { id: number; userId: number | null; name: string; gender: StudentGender } | null;
  /** For a new student: the account that joins (null: a new account is made). */
  account: AccountFacts | null;
}

/** The path's college, major, grade and class exist in the school and belong together (6 otherwise). */
async function assertClassPath(ctx: AuthedCall<ImportInput>['ctx'], schoolId: number, input: ImportInput) {
  const collegeId = idOrNotFound(input.collegeId, '学院不存在');
  const majorId = idOrNotFound(input.majorId, '专业不存在');
  const gradeId = idOrNotFound(input.gradeId, '年级不存在');
  const classId = idOrNotFound(input.classId, CLASS_NOT_FOUND_MESSAGE);
  const [college] = await ctx.db
    .select({ id: colleges.id })
    .from(colleges)
    .where(and(eq(colleges.id, collegeId), eq(colleges.schoolId, schoolId)));
  if (!college) throw new NotFoundError('学院不存在');
  const [major] = await ctx.db
    .select({ collegeId: majors.collegeId })
    .from(majors)
    .where(and(eq(majors.id, majorId), eq(majors.schoolId, schoolId)));
  if (!major) throw new NotFoundError('专业不存在');
  if (major.collegeId !== collegeId) throw new NotFoundError('该专业不属于所选学院');
  const [grade] = await ctx.db
    .select({ id: grades.id })
    .from(grades)
    .where(and(eq(grades.id, gradeId), eq(grades.schoolId, schoolId)));
  if (!grade) throw new NotFoundError('年级不存在');
  const [klass] = await ctx.db
    .select()
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.schoolId, schoolId)));
  if (!klass) throw new NotFoundError(CLASS_NOT_FOUND_MESSAGE);
  if (klass.collegeId !== collegeId || klass.majorId !== majorId || klass.gradeId !== gradeId)
    throw new NotFoundError('该班级不属于所选的学院、专业和年级');
  return klass;
}

function genderOf(text: string): StudentGender | undefined | null {
  if (text === '') return undefined;
  if (text === '男') return 1;
  if (text === '女') return 2;
  return null;
}

/**
 * Checks every row against the file and the database. Answers the plan of
 * every row, or the errors (all of them, by row) when any row is wrong.
 */
async function planRows(
  ctx: AuthedCall<ImportInput>['ctx'],
  schoolId: number,
  classId: number,
  rows: SheetRow[],
): Promise<{ plans: RowPlan[]; errors: StudentImportError[] }> {
  const errors: StudentImportError[] = [];
  const fail = (row: SheetRow, column: string | undefined, reason: string) => {
    const studentNumber = row.cells['学号'];
    errors.push({
      rowNumber: row.rowNumber,
      ...(column ? { column } : {}),
      ...(studentNumber ? { studentNumber } : {}),
      reason,
    });
  };

  const numbers = rows.map((row) => row.cells['学号'] ?? '').filter((n) => NUMBER_PATTERN.test(n));
  const existing =
    numbers.length === 0
      ? []
      : await ctx.db
          .select({
            id: students.id,
            studentNumber: students.studentNumber,
            classId: students.classId,
            userId: students.userId,
            name: students.name,
            gender: students.gender,
          })
          .from(students)
          .where(
            and(eq(students.schoolId, schoolId), inArray(students.studentNumber, [...new Set(numbers)])),
          );
  const byNumber = new Map(existing.map((row) => [row.studentNumber, row]));
  const newUserNames = rows
    .filter((row) => !byNumber.has(row.cells['学号'] ?? ''))
    .map((row) => row.cells['账号'] || row.cells['学号'] || '')
    .filter((name) => USER_NAME_PATTERN.test(name));
  const accounts = await accountFacts(ctx.db, schoolId, newUserNames);
  const phones = [
    ...new Set(rows.map((row) => row.cells['手机号'] ?? '').filter((p) => PHONE_PATTERN.test(p))),
  ];
  const phoneHolders = new Map(
    (phones.length === 0
      ? []
      : await ctx.db
          .select({ id: users.id, phone: users.phoneNumber })
          .from(users)
          .where(inArray(users.phoneNumber, phones))
    ).map((row) => [row.phone ?? '', row.id]),
  );

  const firstRowOfNumber = new Map<string, number>();
  const firstRowOfAccount = new Map<string, number>();
  const firstRowOfPhone = new Map<string, number>();
  const plans: RowPlan[] = [];
  for (const row of rows) {
    const before = errors.length;
    const number = row.cells['学号'] ?? '';
    const name = row.cells['姓名'] ?? '';
    const phone = row.cells['手机号'] ?? '';
    const email = row.cells['邮箱'] ?? '';
    const gender = genderOf(row.cells['性别'] ?? '');

    let existingStudent: RowPlan['existingStudent'] = null;
    let numberOk = false;
    if (number === '') fail(row, '学号', '学号不能为空');
    else if (!NUMBER_PATTERN.test(number))
      fail(row, '学号', '学号只能包含字母、数字、下划线或连字符，且不超过 32 位');
    else if (firstRowOfNumber.has(number))
      fail(row, '学号', `学号在文件中重复（与第 ${firstRowOfNumber.get(number)} 行相同）`);
    else {
      firstRowOfNumber.set(number, row.rowNumber);
      const found = byNumber.get(number);
      if (found && found.classId !== classId) fail(row, '学号', '学号已存在：已被其他班级的学生使用');
      else {
        numberOk = true;
        existingStudent = found ?? null;
      }
    }
    if (name === '') fail(row, '姓名', '姓名不能为空');
    else if (name.length > 32) fail(row, '姓名', '姓名不能超过 32 个字符');
    if (gender === null) fail(row, '性别', '性别只能填写男或女');

    // the account column matters only for a new student
    const userName = row.cells['账号'] || number;
    let account: AccountFacts | null = null;
    if (numberOk && !existingStudent) {
      if (!USER_NAME_PATTERN.test(userName)) {
        fail(
          row,
          '账号',
          row.cells['账号']
            ? '账号只能包含字母、数字或 _ . @ -，长度 4–64 位'
            : '学号少于 4 位或含有其他字符，请填写 4–64 位的账号',
        );
      } else if (firstRowOfAccount.has(userName)) {
        fail(row, '账号', `账号在文件中重复（与第 ${firstRowOfAccount.get(userName)} 行相同）`);
      } else {
        firstRowOfAccount.set(userName, row.rowNumber);
        account = accounts.get(userName) ?? null;
        const problem = account ? linkProblem(account) : null;
        if (problem)
          fail(
            row,
            '账号',
            row.cells['账号'] ? problem : `${problem}（账号默认用学号），请在“账号”列另填一个账号`,
          );
      }
    }

    if (phone !== '') {
      if (!PHONE_PATTERN.test(phone)) fail(row, '手机号', '手机号格式不正确，应为 11 位手机号');
      else if (firstRowOfPhone.has(phone))
        fail(row, '手机号', `手机号在文件中重复（与第 ${firstRowOfPhone.get(phone)} 行相同）`);
      else {
        firstRowOfPhone.set(phone, row.rowNumber);
        const holder = phoneHolders.get(phone);
        const owner = existingStudent ? existingStudent.userId : (account?.id ?? null);
        if (holder !== undefined && holder !== owner) fail(row, '手机号', '手机号已被其他账号使用');
      }
    }
    if (email !== '' && (email.length > 100 || !EMAIL_PATTERN.test(email)))
      fail(row, '邮箱', '邮箱格式不正确');

    if (errors.length === before) {
      plans.push({
        rowNumber: row.rowNumber,
        studentNumber: number,
        name,
        gender: gender ?? undefined,
        userName,
        phone: phone || undefined,
        email: email || undefined,
        existingStudent,
        account,
      });
    }
  }
  return { plans, errors };
}

const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) result.push(items.slice(start, start + CHUNK));
  return result;
}

/**
 * POST …/uploadStudent/… and …/schoolUploadStudent/…: a whole class list from
 * the template. All or nothing: any bad row imports nobody and answers every
 * problem by Excel row number; a good file goes in in one transaction. Rows
 * whose student number is already in this class update that student, so
 * importing a file twice creates no duplicates.
 */
export async function importStudents(
  { ctx, input }: AuthedCall<ImportInput>,
  scopeOf: ScopeOf,
): Promise<StudentImportResult> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const klass = await assertClassPath(ctx, schoolId, input);
  if (!(await classInScope(ctx.db, schoolId, klass.id, scopeOf(ctx))))
    throw new ForbiddenError(CLASS_OUT_OF_SCOPE_MESSAGE);
  const rows = await readSheetUpload(ctx.storage, input.file, {
    headers: HEADERS,
    required: ['学号', '姓名'],
    maxRows: MAX_IMPORT_ROWS,
  });
  if (rows.length === 0) {
    return {
      success: false,
      importedNum: 0,
      createdAccountNum: 0,
      errors: [{ rowNumber: 2, reason: '文件中没有学生数据，请从第 2 行开始填写' }],
    };
  }
  const { plans, errors } = await planRows(ctx, schoolId, klass.id, rows);
  if (errors.length > 0) return { success: false, importedNum: 0, createdAccountNum: 0, errors };

  const fresh = plans.filter((plan) => !plan.existingStudent && !plan.account);
  // slow part first, outside the transaction
  const hashes = await Promise.all(
    fresh.map((plan) => hashInitialPassword(initialPassword(plan.studentNumber))),
  );
  const now = ctx.clock.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const userIds = new Map<string, number>();
      for (const part of chunks(fresh.map((plan, index) => ({ plan, hash: hashes[index] ?? '' })))) {
        const created = await tx
          .insert(users)
          .values(
            part.map(({ plan, hash }) => ({
              userName: plan.userName,
              passwordHash: hash,
              realName: plan.name,
              phoneNumber: plan.phone ?? null,
              email: plan.email ?? '',
              createdAt: now,
            })),
          )
          .returning({ id: users.id, userName: users.userName });
        for (const row of created) userIds.set(row.userName, row.id);
      }
      const joining = plans.filter((plan) => !plan.existingStudent);
      for (const plan of joining) {
        if (!plan.account) continue;
        userIds.set(plan.userName, plan.account.id);
        const changes = {
          ...(plan.account.realName === '' ? { realName: plan.name } : {}),
          ...(plan.phone ? { phoneNumber: plan.phone } : {}),
          ...(plan.email ? { email: plan.email } : {}),
        };
        if (Object.keys(changes).length > 0)
          await tx.update(users).set(changes).where(eq(users.id, plan.account.id));
      }
      const joinedIds = joining.map((plan) => userIds.get(plan.userName) ?? 0);
      for (const part of chunks(joinedIds)) {
        await tx
          .insert(schoolMembers)
          .values(part.map((userId) => ({ schoolId, userId, role: 'student' as const })))
          .onConflictDoNothing();
      }
      for (const part of chunks(joining)) {
        await tx.insert(students).values(
          part.map((plan) => ({
            schoolId,
            classId: klass.id,
            userId: userIds.get(plan.userName) ?? null,
            studentNumber: plan.studentNumber,
            name: plan.name,
            gender: plan.gender ?? 0,
            status: 'active' as const,
            createdAt: now,
          })),
        );
      }
      // re-imported rows: only what changed
      for (const plan of plans) {
        const current = plan.existingStudent;
        if (!current) continue;
        const gender = plan.gender ?? current.gender;
        if (current.name !== plan.name || current.gender !== gender)
          await tx.update(students).set({ name: plan.name, gender }).where(eq(students.id, current.id));
        if (current.userId === null) continue;
        const changes = {
          ...(current.name !== plan.name ? { realName: plan.name } : {}),
          ...(plan.phone ? { phoneNumber: plan.phone } : {}),
          ...(plan.email ? { email: plan.email } : {}),
        };
        if (Object.keys(changes).length > 0)
          await tx.update(users).set(changes).where(eq(users.id, current.userId));
      }
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ConflictError('导入期间学生名单或账号被其他人修改，请重新上传文件');
    throw error;
  }
  return { success: true, importedNum: plans.length, createdAccountNum: fresh.length, errors: [] };
}

/** The student import template as a download. */
export async function downloadStudentTemplate(): Promise<Output<'downloadStudentTemplate'>> {
  return bytesAnswer(STUDENT_TEMPLATE_FILE_NAME, XLSX_CONTENT_TYPE, await studentTemplate());
}
