import { zSchoolUploadStudentResponse, zUploadStudentResponse } from '@dfrm/sdk/tms/zod';
import ExcelJS from 'exceljs';
import { count, eq, inArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity';
import { classes, grades, schoolMembers, students } from '../../db/schema/school';
import { isInitialHash, verifyPassword } from '../../lib/passwords';
import { call, createTestApp, login, type Session, type TestApp } from '../../testing/index';
import { xlsxBomb } from '../../testing/xlsx-bomb';
import { addCourse, classIdOf, classPath, upload, xlsx } from './student.fixtures';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const base = '/tms-server/studentMgr';

interface ImportAnswer {
  success: boolean;
  importedNum: number;
  createdAccountNum?: number;
  errors: { rowNumber: number; column?: string; studentNumber?: string; reason: string }[];
}

const uploadTo = (session: Session | null, path: string, form: FormData) =>
  call<ImportAnswer>(t.app, 'POST', `${base}${path}`, { session, body: form });

/** 40 new students of class 1, as teacher1 would fill in the template. */
function fortyStudents(nameSuffix = ''): (string | null)[][] {
  return Array.from({ length: 40 }, (_, i) => [
    `2026${String(101 + i).padStart(4, '0')}`,
    `新生${i + 1}${nameSuffix}`,
    i % 2 === 0 ? '男' : '女',
    null,
    `137${String(i + 1).padStart(8, '0')}`,
    i === 0 ? 'first@example.com' : null,
  ]);
}

async function rosterCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(students);
  return row?.n ?? 0;
}

async function userCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

describe('GET /tms-server/studentMgr/downloadTemplateExcel', () => {
  it('answers an .xlsx with the Chinese headers, an example row and column widths', async () => {
    const teacher = await login(t.app, 'teacher1');
    const response = await t.app.request(`/api${base}/downloadTemplateExcel`, {
      headers: { Product: 'dfrm', ...teacher.headers },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="download.xlsx"; filename*=UTF-8''${encodeURIComponent('学生导入模板.xlsx')}`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('学生名单');
    expect(sheet?.getRow(1).values).toEqual([undefined, '学号', '姓名', '性别', '账号', '手机号', '邮箱']);
    expect(sheet?.getRow(2).getCell(1).value).toBe('20260101');
    expect(sheet?.getRow(2).getCell(2).value).toBe('张三');
    expect(sheet?.getColumn(1).width).toBe(16);
    expect(sheet?.getColumn(6).width).toBe(26);
    expect(workbook.worksheets[1]?.name).toBe('填写说明');

    const manager = await login(t.app, 'manager');
    const asManager = await t.app.request(`/api${base}/downloadTemplateExcel`, {
      headers: { Product: 'dfrm', ...manager.headers },
    });
    expect(asManager.status).toBe(200);
    const student = await login(t.app, 'student01');
    expect(
      (await call(t.app, 'GET', `${base}/downloadTemplateExcel`, { session: student })).body.errCode,
    ).toBe(5);
  });

  it('is a template the import accepts once the example is filled in', async () => {
    await addCourse(t, 'teacher1', [0]);
    const teacher = await login(t.app, 'teacher1');
    const response = await t.app.request(`/api${base}/downloadTemplateExcel`, {
      headers: { Product: 'dfrm', ...teacher.headers },
    });
    const answer = await uploadTo(
      teacher,
      `/uploadStudent/${await classPath(t, 0)}`,
      upload(new Uint8Array(await response.arrayBuffer())),
    );
    expect(answer.body.data).toMatchObject({ success: true, importedNum: 1, createdAccountNum: 1 });
  });
});

describe('POST /tms-server/studentMgr/uploadStudent/…', () => {
  it('imports nothing from a file with bad rows and names every bad row; then imports the fixed file', async () => {
    await addCourse(t, 'teacher1', [0]);
    const teacher = await login(t.app, 'teacher1');
    const path = `/uploadStudent/${await classPath(t, 0)}`;
    const rows = fortyStudents();
    rows[2] = ['', '没有学号', '男', null, null, null]; // row 4
    rows[5] = ['20260102', '重复学号', '女', null, null, null]; // row 7 repeats row 3
    rows[9] = ['20260016', '别班学号', null, null, null, null]; // row 11: class 2 has it
    rows[12] = ['20260113', '', '男', null, '1234', 'not-an-email']; // row 14
    rows[20] = ['20260121', '性别错', '未知', null, '13900000001', null]; // row 22: student01's phone
    rows[30] = ['2026 131', '空格学号', null, null, null, null]; // row 32
    const users0 = await userCount();
    const roster0 = await rosterCount();

    const bad = await uploadTo(teacher, path, upload(await xlsx(rows)));
    expect(bad.body.errCode).toBe(0);
    const result = z.parse(zUploadStudentResponse, bad.body.data);
    expect(result.success).toBe(false);
    expect(result.importedNum).toBe(0);
    expect(result.errors).toEqual([
      { rowNumber: 4, column: '学号', reason: '学号不能为空' },
      {
        rowNumber: 7,
        column: '学号',
        studentNumber: '20260102',
        reason: '学号在文件中重复（与第 3 行相同）',
      },
      {
        rowNumber: 11,
        column: '学号',
        studentNumber: '20260016',
        reason: '学号已存在：已被其他班级的学生使用',
      },
      { rowNumber: 14, column: '姓名', studentNumber: '20260113', reason: '姓名不能为空' },
      {
        rowNumber: 14,
        column: '手机号',
        studentNumber: '20260113',
        reason: '手机号格式不正确，应为 11 位手机号',
      },
      { rowNumber: 14, column: '邮箱', studentNumber: '20260113', reason: '邮箱格式不正确' },
      { rowNumber: 22, column: '性别', studentNumber: '20260121', reason: '性别只能填写男或女' },
      { rowNumber: 22, column: '手机号', studentNumber: '20260121', reason: '手机号已被其他账号使用' },
      {
        rowNumber: 32,
        column: '学号',
        studentNumber: '2026 131',
        reason: '学号只能包含字母、数字、下划线或连字符，且不超过 32 位',
      },
    ]);
    expect(await userCount()).toBe(users0);
    expect(await rosterCount()).toBe(roster0);

    const good = await uploadTo(teacher, path, upload(await xlsx(fortyStudents())));
    expect(good.body.data).toEqual({ success: true, importedNum: 40, createdAccountNum: 40, errors: [] });
    expect(await rosterCount()).toBe(roster0 + 40);
    const [first] = await t.db.select().from(users).where(eq(users.userName, '20260101'));
    expect(first).toMatchObject({
      realName: '新生1',
      phoneNumber: '13700000001',
      email: 'first@example.com',
    });
    expect(await verifyPassword('260101', first?.passwordHash ?? '')).toBe(true);
    const [roster] = await t.db.select().from(students).where(eq(students.studentNumber, '20260102'));
    expect(roster).toMatchObject({
      classId: await classIdOf(t, 0),
      name: '新生2',
      gender: 2,
      status: 'active',
    });
    const roles = await t.db
      .select()
      .from(schoolMembers)
      .where(eq(schoolMembers.userId, first?.id ?? 0));
    expect(roles).toEqual([{ schoolId: 1, userId: first?.id, role: 'student' }]);

    // the teacher's list now has them; the new student logs in with the initial password
    const list = await call<{ total: number }>(t.app, 'POST', `${base}/getStudentList`, {
      session: teacher,
      body: { schoolId: '1', pageIndex: 1, pageSize: 10 },
    });
    expect(list.body.data.total).toBe(55);

    // the initial password is stored cheaply and stays so until the student sets their own:
    // every login with it says so, and nothing but the change is open meanwhile
    const hashOf = async () =>
      (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.userName, '20260140')))[0]
        ?.hash ?? '';
    const initialHash = await hashOf();
    expect(isInitialHash(initialHash)).toBe(true);
    const firstLogin = await call<{ mustChangePassword: boolean }>(t.app, 'POST', '/user/login', {
      body: { account: '20260140', password: '260140', productId: 7 },
    });
    expect(firstLogin.body.data.mustChangePassword).toBe(true);
    expect(await hashOf()).toBe(initialHash);
    const student = await login(t.app, '20260140', '260140');
    const changed = await call(t.app, 'POST', '/user/change/password', {
      session: student,
      body: { oldPassword: '260140', newPassword: 'mine2026x' },
    });
    expect(changed.body.errCode).toBe(0);
    const own = await hashOf();
    expect(isInitialHash(own)).toBe(false);
    expect(await verifyPassword('mine2026x', own)).toBe(true);
    const again = await call<{ mustChangePassword: boolean }>(t.app, 'POST', '/user/login', {
      body: { account: '20260140', password: 'mine2026x', productId: 7 },
    });
    expect(again.body.data.mustChangePassword).toBe(false);
  });

  it('updates names instead of duplicating when the same file comes again', async () => {
    await addCourse(t, 'teacher1', [0]);
    const teacher = await login(t.app, 'teacher1');
    const path = `/uploadStudent/${await classPath(t, 0)}`;
    await uploadTo(teacher, path, upload(await xlsx(fortyStudents())));
    const users1 = await userCount();
    const roster1 = await rosterCount();
    const again = await uploadTo(teacher, path, upload(await xlsx(fortyStudents('（改）'))));
    expect(again.body.data).toEqual({ success: true, importedNum: 40, createdAccountNum: 0, errors: [] });
    expect(await userCount()).toBe(users1);
    expect(await rosterCount()).toBe(roster1);
    const [roster] = await t.db.select().from(students).where(eq(students.studentNumber, '20260105'));
    expect(roster?.name).toBe('新生5（改）');
    const [account] = await t.db.select().from(users).where(eq(users.userName, '20260105'));
    expect(account?.realName).toBe('新生5（改）');
  });

  it('uses the 账号 column, links an account of no school, and refuses one of another school', async () => {
    await addCourse(t, 'teacher1', [0]);
    await t.db.insert(users).values({ userName: 'free.user', passwordHash: 'x', createdAt: 0 });
    const teacher = await login(t.app, 'teacher1');
    const path = `/uploadStudent/${await classPath(t, 0)}`;
    const bad = await uploadTo(
      teacher,
      path,
      upload(
        await xlsx([
          ['A01', '甲', null, 'free.user', null, null],
          ['A02', '乙', null, 'teacher2', null, null],
          ['A03', '丙', null, 'free.user', null, null],
          ['A4', '丁', null, null, null, null],
          ['admin', '戊', null, null, null, null],
        ]),
      ),
    );
    expect(bad.body.data.errors).toEqual([
      { rowNumber: 3, column: '账号', studentNumber: 'A02', reason: '账号 teacher2 已被其他用户使用' },
      { rowNumber: 4, column: '账号', studentNumber: 'A03', reason: '账号在文件中重复（与第 2 行相同）' },
      {
        rowNumber: 5,
        column: '账号',
        studentNumber: 'A4',
        reason: '学号少于 4 位或含有其他字符，请填写 4–64 位的账号',
      },
      {
        rowNumber: 6,
        column: '账号',
        studentNumber: 'admin',
        reason: '账号 admin 已被其他用户使用（账号默认用学号），请在“账号”列另填一个账号',
      },
    ]);
    const good = await uploadTo(
      teacher,
      path,
      upload(
        await xlsx([
          ['A01', '甲', null, 'free.user', null, null],
          ['A0002', '乙', null, 'yi.account', null, null],
        ]),
      ),
    );
    expect(good.body.data).toEqual({ success: true, importedNum: 2, createdAccountNum: 1, errors: [] });
    const [linked] = await t.db.select().from(students).where(eq(students.studentNumber, 'A01'));
    const [freeUser] = await t.db.select().from(users).where(eq(users.userName, 'free.user'));
    expect(linked?.userId).toBe(freeUser?.id);
    expect(freeUser).toMatchObject({ passwordHash: 'x', realName: '甲' });
    // the initial password: the last 6 characters of A0002, left-padded with 0
    await login(t.app, 'yi.account', '0A0002');
  });

  it('checks the path: hierarchy, existence and the teacher’s classes', async () => {
    await addCourse(t, 'teacher1', [0]);
    const teacher = await login(t.app, 'teacher1');
    const file = async () => upload(await xlsx([['B0001', '某某', null, null, null, null]]));
    const [klass] = await t.db
      .select()
      .from(classes)
      .where(eq(classes.id, await classIdOf(t, 0)));
    if (!klass) throw new Error('class');
    const [otherGrade] = await t.db.insert(grades).values({ schoolId: 1, name: '2025级' }).returning();
    const p = (college: unknown, major: unknown, grade: unknown, klassId: unknown) =>
      `/uploadStudent/1/${college}/${major}/${grade}/${klassId}`;
    expect(
      (await uploadTo(teacher, p(klass.collegeId, klass.majorId, otherGrade?.id, klass.id), await file()))
        .body,
    ).toEqual({
      errCode: 6,
      errMsg: '该班级不属于所选的学院、专业和年级',
      data: null,
    });
    expect(
      (await uploadTo(teacher, p(klass.collegeId, klass.majorId, klass.gradeId, 999), await file())).body
        .errMsg,
    ).toBe('班级不存在');
    expect(
      (await uploadTo(teacher, p(999, klass.majorId, klass.gradeId, klass.id), await file())).body.errMsg,
    ).toBe('学院不存在');
    // class 2 is not teacher1's
    expect(
      (await uploadTo(teacher, `/uploadStudent/${await classPath(t, 1)}`, await file())).body.errCode,
    ).toBe(5);
    const teacher2 = await login(t.app, 'teacher2');
    expect(
      (await uploadTo(teacher2, `/uploadStudent/${await classPath(t, 0)}`, await file())).body.errCode,
    ).toBe(5);
    const student = await login(t.app, 'student01');
    expect(
      (await uploadTo(student, `/uploadStudent/${await classPath(t, 0)}`, await file())).body.errCode,
    ).toBe(5);
    expect((await uploadTo(null, `/uploadStudent/${await classPath(t, 0)}`, await file())).body.errCode).toBe(
      4,
    );
  });

  it('refuses what is not the template: another format, headers, too many rows, too large, no file', async () => {
    await addCourse(t, 'teacher1', [0]);
    const teacher = await login(t.app, 'teacher1');
    const path = `/uploadStudent/${await classPath(t, 0)}`;
    const refusal = async (form: FormData) => (await uploadTo(teacher, path, form)).body;
    expect(await refusal(upload(new TextEncoder().encode('学号,姓名\n1,2'), '学生.csv'))).toEqual({
      errCode: 2,
      errMsg: '参数 file 必须是 .xlsx 格式的 Excel 文件，请使用下载的模板填写',
      data: null,
    });
    expect((await refusal(upload(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'x.xlsx'))).errMsg).toBe(
      '参数 file 不是有效的 .xlsx 文件，请使用下载的模板填写',
    );
    expect((await refusal(upload(await xlsx([['1', '2']], ['编号', '姓名'])))).errMsg).toBe(
      '表头与模板不符：缺少“学号”列，请使用下载的模板填写',
    );
    const many = Array.from({ length: 2001 }, (_, i) => [`C${i}`, '某']);
    expect((await refusal(upload(await xlsx(many, ['学号', '姓名'])))).errMsg).toMatch(
      /^文件过大：最多 2000 行数据/,
    );
    const huge = new Uint8Array(5 * 1024 * 1024 + 100 * 1024);
    expect(await refusal(upload(huge, 'big.xlsx'))).toEqual({
      errCode: 2,
      errMsg: '参数 file 超过大小上限：单个文件不能超过 5 MB',
      data: null,
    });
    expect((await refusal(new FormData())).errMsg).toBe('参数 file 不能为空');
    expect((await uploadTo(teacher, path, new FormData())).status).toBe(400);
    expect(
      (await call(t.app, 'POST', `${base}${path}`, { session: teacher, body: { file: 'x' } })).body.errMsg,
    ).toBe('请求体必须是 multipart/form-data，文件放在字段 file 中');
    // header only
    expect((await uploadTo(teacher, path, upload(await xlsx([])))).body.data).toEqual({
      success: false,
      importedNum: 0,
      createdAccountNum: 0,
      errors: [{ rowNumber: 2, reason: '文件中没有学生数据，请从第 2 行开始填写' }],
    });
  });
});

describe('spreadsheet bombs', () => {
  it('refuses a 4-million-row file quickly, without anything imported', async () => {
    await addCourse(t, 'teacher1', [0]);
    const teacher = await login(t.app, 'teacher1');
    const path = `/uploadStudent/${await classPath(t, 0)}`;
    const before = await rosterCount();
    const answer = await uploadTo(
      teacher,
      path,
      upload(await xlsxBomb({ rows: 4_000_000, unnumbered: true })),
    );
    expect(answer.body).toEqual({
      errCode: 2,
      errMsg: '文件过大：解压后超过 50 MB，请只保留模板中的数据',
      data: null,
    });
    expect(await rosterCount()).toBe(before);
  }, 60_000);

  it('answers other users while a file is read up to its row cap', async () => {
    await addCourse(t, 'teacher1', [0]);
    const teacher = await login(t.app, 'teacher1');
    const path = `/uploadStudent/${await classPath(t, 0)}`;
    const bomb = await xlsxBomb({ rows: 300_000, dimension: 'none' });
    const order: string[] = [];
    const importing = uploadTo(teacher, path, upload(bomb)).then((answer) => {
      order.push('import');
      return answer;
    });
    // another user logs in and reads a list while the sheet is read in its worker
    const student = await login(t.app, 'student01');
    order.push('login');
    const courses = await call(t.app, 'POST', '/tms-server/myCourse/getStudentCourseList', {
      session: student,
      body: { schoolId: '1' },
    });
    order.push('list');
    expect(courses.body.errCode).toBe(0);
    expect((await importing).body).toEqual({ errCode: 2, errMsg: '文件过大：最多 2000 行数据', data: null });
    expect(order).toEqual(['login', 'list', 'import']);
  }, 60_000);
});

describe('POST /tms-server/studentMgr/schoolUploadStudent/…', () => {
  it('lets the school manager import into any class, and nobody else', async () => {
    const manager = await login(t.app, 'manager');
    const path = `/schoolUploadStudent/${await classPath(t, 1)}`;
    const rows = [
      ['M0001', '管理员导入', '女', null, null, null],
      ['M0002', '第二人', null, null, null, null],
    ];
    const answer = await uploadTo(manager, path, upload(await xlsx(rows)));
    expect(z.parse(zSchoolUploadStudentResponse, answer.body.data)).toEqual({
      success: true,
      importedNum: 2,
      createdAccountNum: 2,
      errors: [],
    });
    const imported = await t.db
      .select()
      .from(students)
      .where(inArray(students.studentNumber, ['M0001', 'M0002']));
    expect(imported.map((row) => row.classId)).toEqual([await classIdOf(t, 1), await classIdOf(t, 1)]);
    const teacher = await login(t.app, 'teacher1');
    expect((await uploadTo(teacher, path, upload(await xlsx(rows)))).body.errCode).toBe(5);
  });

  it('imports the largest allowed file (2,000 rows) in one go', async () => {
    const manager = await login(t.app, 'manager');
    const rows = Array.from({ length: 2000 }, (_, i) => [`Z${String(i).padStart(5, '0')}`, `学生${i}`]);
    const answer = await uploadTo(
      manager,
      `/schoolUploadStudent/${await classPath(t, 0)}`,
      upload(await xlsx(rows, ['学号', '姓名'])),
    );
    expect(answer.body.data).toMatchObject({ success: true, importedNum: 2000, createdAccountNum: 2000 });
    expect(await rosterCount()).toBe(2030);
  });
});
