import {
  zDelStudentResponse,
  zGetStudentInfoResponse,
  zGetStudentListByCourseResponse,
  zGetStudentListByCourseStaticResponse,
  zGetStudentListByCourseStaticV2Response,
  zGetStudentListByCourseV2Response,
  zGetStudentListResponse,
  zGetStudentListStaticResponse,
  zSchoolMgrGetStudentListResponse,
  zUpdateStudentResponse,
  zUpdateStudentStatusResponse,
} from '@dfrm/sdk/tms/zod';
import { and, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity';
import { classes, schoolMembers, schools, students } from '../../db/schema/school';
import { teachingClassStudents } from '../../db/schema/teaching';
import { verifyPassword } from '../../lib/passwords';
import { call, createTestApp, DEMO_SCHOOL, login, type Session, type TestApp } from '../../testing/index';
import { addCourse, classIdOf, numberOf, studentIdOf, userIdOf } from './student.fixtures';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const base = '/tms-server/studentMgr';
const page = { pageIndex: 1, pageSize: 50 };

interface Page<T> {
  list: T[];
  total: number;
}
interface Row {
  studentId: string;
  studentNumber: string;
  studentName: string;
  status: number;
  className: string;
}

const post = <T = unknown>(session: Session | null, path: string, body?: unknown) =>
  call<T>(t.app, 'POST', `${base}${path}`, { session, body });
const get = <T = unknown>(session: Session | null, path: string) =>
  call<T>(t.app, 'GET', `${base}${path}`, { session });
const numbers = (answer: { body: { data: Page<Row> } }) =>
  answer.body.data.list.map((row) => row.studentNumber);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => numberOf(from + i));

describe('POST /tms-server/studentMgr/getStudentList (teacher)', () => {
  it('lists the students of the classes the teacher teaches, in student-number order', async () => {
    await addCourse(t, 'teacher1', [0]);
    const teacher1 = await login(t.app, 'teacher1');
    const answer = await post<Page<Row>>(teacher1, '/getStudentList', { schoolId: '1', ...page });
    expect(answer.body.errCode).toBe(0);
    const data = z.parse(zGetStudentListResponse, answer.body.data);
    expect(data.total).toBe(15);
    expect(numbers(answer)).toEqual(range(1, 15));
    expect(data.list[0]).toEqual({
      studentId: expect.any(String),
      userId: String(await userIdOf(t, 'student01')),
      studentNumber: '20260001',
      studentName: '陈思远',
      classId: String(await classIdOf(t, 0)),
      className: DEMO_SCHOOL.classes[0],
      status: 0,
      userName: 'student01',
      gender: 1,
      phoneNumber: '13900000001',
      email: '',
      adminClass: expect.objectContaining({
        className: DEMO_SCHOOL.classes[0],
        collegeName: DEMO_SCHOOL.college,
        majorName: DEMO_SCHOOL.major,
        gradeName: DEMO_SCHOOL.grade,
      }),
      createdAt: t.clock.now(),
      lastLoginAt: null,
    });
  });

  it('shows a teacher without courses nobody, and teacher2 only the other class', async () => {
    const teacher1 = await login(t.app, 'teacher1');
    expect(
      (await post<Page<Row>>(teacher1, '/getStudentList', { schoolId: '1', ...page })).body.data,
    ).toEqual({
      list: [],
      total: 0,
    });
    await addCourse(t, 'teacher2', [1]);
    const teacher2 = await login(t.app, 'teacher2');
    expect(numbers(await post<Page<Row>>(teacher2, '/getStudentList', { schoolId: '1', ...page }))).toEqual(
      range(16, 30),
    );
  });

  it('pages, sorts and searches on the server', async () => {
    await addCourse(t, 'teacher1', [0, 1]);
    const teacher1 = await login(t.app, 'teacher1');
    const second = await post<Page<Row>>(teacher1, '/getStudentList', {
      schoolId: '1',
      pageIndex: 2,
      pageSize: 10,
      sortField: 'studentNumber',
      sortOrder: 'desc',
    });
    expect(second.body.data.total).toBe(30);
    expect(numbers(second)).toEqual(range(11, 20).reverse());

    const byName = await post<Page<Row>>(teacher1, '/getStudentList', {
      schoolId: '1',
      ...page,
      sortField: 'studentName',
    });
    const names = byName.body.data.list.map((row) => row.studentName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const byClass = await post<Page<Row>>(teacher1, '/getStudentList', {
      schoolId: '1',
      ...page,
      sortField: 'className',
      sortOrder: 'desc',
    });
    expect(byClass.body.data.list[0]?.className).toBe(DEMO_SCHOOL.classes[1]);

    // keyword: number, name or account
    const search = async (keyword: string) =>
      numbers(await post<Page<Row>>(teacher1, '/getStudentList', { schoolId: '1', ...page, keyword }));
    expect(await search('林雨')).toEqual(['20260002']);
    expect(await search('2026002')).toEqual(range(20, 29));
    expect(await search('student3')).toEqual(['20260030']);
    expect(await search('%')).toEqual([]);
  });

  it('filters by class, college, major, grade and status', async () => {
    await addCourse(t, 'teacher1', [0, 1]);
    const teacher1 = await login(t.app, 'teacher1');
    const class2 = await classIdOf(t, 1);
    const [klass] = await t.db.select().from(classes).where(eq(classes.id, class2));
    const list = async (filter: object) =>
      post<Page<Row>>(teacher1, '/getStudentList', { schoolId: '1', ...page, ...filter });
    expect(numbers(await list({ classId: String(class2) }))).toEqual(range(16, 30));
    expect(
      (await list({ collegeId: String(klass?.collegeId), majorId: String(klass?.majorId) })).body.data.total,
    ).toBe(30);
    expect((await list({ gradeId: String(klass?.gradeId) })).body.data.total).toBe(30);
    await t.db.update(students).set({ status: 'graduated' }).where(eq(students.studentNumber, '20260003'));
    const graduated = await list({ status: 3 });
    expect(numbers(graduated)).toEqual(['20260003']);
    expect(graduated.body.data.list[0]?.status).toBe(3);
    expect((await list({ status: 0 })).body.data.total).toBe(29);
    // sorting by status puts 毕业 (3) last
    expect(numbers(await list({ sortField: 'status', sortOrder: 'desc', pageSize: 1 }))).toEqual([
      '20260003',
    ]);
  });

  it('answers 6 for a filter naming nothing in the school, 2 for bad input, 5 for other roles', async () => {
    const teacher1 = await login(t.app, 'teacher1');
    expect(
      (await post(teacher1, '/getStudentList', { schoolId: '1', ...page, classId: '999' })).body,
    ).toEqual({
      errCode: 6,
      errMsg: '班级不存在',
      data: null,
    });
    expect(
      (await post(teacher1, '/getStudentList', { schoolId: '1', ...page, gradeId: 'x' })).body.errMsg,
    ).toBe('年级不存在');
    expect(
      (await post(teacher1, '/getStudentList', { schoolId: '1', pageIndex: 1, pageSize: 201 })).body,
    ).toEqual({ errCode: 2, errMsg: '参数 pageSize 不能大于 200', data: null });
    expect((await post(teacher1, '/getStudentList', { schoolId: '1', pageIndex: 1 })).body.errMsg).toBe(
      '参数 pageSize 不能为空',
    );
    expect(
      (await post(teacher1, '/getStudentList', { schoolId: '1', ...page, sortField: 'password' })).body
        .errMsg,
    ).toMatch(/^参数 sortField 取值不正确/);
    const student = await login(t.app, 'student01');
    expect((await post(student, '/getStudentList', { schoolId: '1', ...page })).body.errCode).toBe(5);
    const manager = await login(t.app, 'manager');
    expect((await post(manager, '/getStudentList', { schoolId: '1', ...page })).body.errCode).toBe(5);
    expect((await post(null, '/getStudentList', { schoolId: '1', ...page })).body.errCode).toBe(4);
  });

  it('uses the current school for schoolId "0" and shows the last login', async () => {
    await addCourse(t, 'teacher1', [0]);
    await login(t.app, 'student02');
    const teacher1 = await login(t.app, 'teacher1');
    const answer = await post<Page<Row & { lastLoginAt: number | null }>>(teacher1, '/getStudentList', {
      schoolId: '0',
      ...page,
      sortField: 'lastLoginAt',
      sortOrder: 'desc',
    });
    expect(answer.body.data.total).toBe(15);
    expect(answer.body.data.list[0]).toMatchObject({ studentNumber: '20260002', lastLoginAt: t.clock.now() });
    expect(answer.body.data.list[1]?.lastLoginAt).toBeNull();
  });
});

describe('POST /tms-server/studentMgr/schoolMgrGetStudentList', () => {
  it('lists the whole school for the school manager only', async () => {
    const manager = await login(t.app, 'manager');
    const answer = await post<Page<Row>>(manager, '/schoolMgrGetStudentList', { schoolId: '1', ...page });
    expect(z.parse(zSchoolMgrGetStudentListResponse, answer.body.data).total).toBe(30);
    expect(numbers(answer)).toEqual(range(1, 30));
    const teacher1 = await login(t.app, 'teacher1');
    expect((await post(teacher1, '/schoolMgrGetStudentList', { schoolId: '1', ...page })).body.errCode).toBe(
      5,
    );
    // another school: the manager holds no role there
    const [other] = await t.db.insert(schools).values({ name: '其他学校', createdAt: 0 }).returning();
    expect(
      (await post(manager, '/schoolMgrGetStudentList', { schoolId: String(other?.id), ...page })).body
        .errCode,
    ).toBe(5);
  });
});

describe('course lists', () => {
  it('lists a course by teaching class, with a filter and sorting by teaching class', async () => {
    const { courseId, teachingClassIds } = await addCourse(t, 'teacher1', [0, 1]);
    const teacher1 = await login(t.app, 'teacher1');
    const all = await post<Page<Row & { teachingClassId: string }>>(teacher1, '/getStudentList/by/course', {
      schoolId: '1',
      courseId: String(courseId),
      ...page,
      sortField: 'teachingClass',
      sortOrder: 'desc',
    });
    expect(z.parse(zGetStudentListByCourseResponse, all.body.data).total).toBe(30);
    expect(all.body.data.list[0]?.teachingClassId).toBe(String(teachingClassIds[1]));
    const one = await post<Page<Row>>(teacher1, '/getStudentList/by/course', {
      schoolId: '1',
      courseId: String(courseId),
      teachingClassId: String(teachingClassIds[0]),
      ...page,
    });
    expect(numbers(one)).toEqual(range(1, 15));
  });

  it('follows picked students of a teaching class and refuses other teachers', async () => {
    const { courseId } = await addCourse(t, 'teacher1', [0], { picks: ['20260001', '20260005'] });
    const teacher1 = await login(t.app, 'teacher1');
    const body = { schoolId: '1', courseId: String(courseId), ...page };
    expect(numbers(await post<Page<Row>>(teacher1, '/getStudentList/by/course', body))).toEqual([
      '20260001',
      '20260005',
    ]);
    const teacher2 = await login(t.app, 'teacher2');
    expect((await post(teacher2, '/getStudentList/by/course', body)).body).toEqual({
      errCode: 5,
      errMsg: '您不是该课程的任课教师',
      data: null,
    });
    expect(
      (await post(teacher1, '/getStudentList/by/course', { ...body, courseId: '999' })).body.errCode,
    ).toBe(6);
    const other = await addCourse(t, 'teacher1', [1], { name: '另一门课' });
    expect(
      (
        await post(teacher1, '/getStudentList/by/course', {
          ...body,
          teachingClassId: String(other.teachingClassIds[0]),
        })
      ).body,
    ).toEqual({ errCode: 6, errMsg: '教学班不存在', data: null });
    expect((await post(teacher1, '/getStudentList/by/course', { schoolId: '1', ...page })).body.errMsg).toBe(
      '参数 courseId 不能为空',
    );
  });

  it('v2: several teaching classes, online flag and filter', async () => {
    const { courseId, teachingClassIds } = await addCourse(t, 'teacher1', [0, 1]);
    const student = await login(t.app, 'student16');
    expect((await get(student, '/refresh?schoolId=1')).body.errCode).toBe(0);
    const teacher1 = await login(t.app, 'teacher1');
    const body = { schoolId: '1', courseId: String(courseId), ...page };
    const all = await post<Page<Row & { online: boolean; lastActiveAt: number | null }>>(
      teacher1,
      '/v2/getStudentList/by/course',
      {
        ...body,
        teachingClassIds: teachingClassIds.map(String),
        sortField: 'lastActiveAt',
        sortOrder: 'desc',
      },
    );
    expect(z.parse(zGetStudentListByCourseV2Response, all.body.data).total).toBe(30);
    expect(all.body.data.list[0]).toMatchObject({
      studentNumber: '20260016',
      online: true,
      lastActiveAt: t.clock.now(),
    });
    expect(all.body.data.list[1]).toMatchObject({ online: false, lastActiveAt: null });
    const online = await post<Page<Row>>(teacher1, '/v2/getStudentList/by/course', { ...body, online: true });
    expect(numbers(online)).toEqual(['20260016']);
    expect(
      (await post<Page<Row>>(teacher1, '/v2/getStudentList/by/course', { ...body, online: false })).body.data
        .total,
    ).toBe(29);
    // five minutes later the heartbeat has gone stale
    t.clock.advance(5 * 60_000 + 1);
    expect(
      (await post<Page<Row>>(teacher1, '/v2/getStudentList/by/course', { ...body, online: true })).body.data
        .total,
    ).toBe(0);
  });

  it('static lists count courses and study time from heartbeats that name the course', async () => {
    const { courseId } = await addCourse(t, 'teacher1', [0]);
    await addCourse(t, 'teacher1', [0], { name: '第二门课' });
    await addCourse(t, 'teacher2', [0]);
    const student = await login(t.app, 'student01');
    await get(student, `/refresh?schoolId=1&courseId=${courseId}`);
    t.clock.advance(60_000);
    await get(student, `/refresh?schoolId=1&courseId=${courseId}`);
    t.clock.advance(60_000);
    await get(student, '/refresh?schoolId=1');
    const teacher1 = await login(t.app, 'teacher1');

    const mine = await post<
      Page<Row & { courseNum: number; studyDuration: number; lastActiveAt: number | null }>
    >(teacher1, '/getStudentList/static', {
      schoolId: '1',
      ...page,
      sortField: 'studyDuration',
      sortOrder: 'desc',
    });
    expect(z.parse(zGetStudentListStaticResponse, mine.body.data).total).toBe(15);
    expect(mine.body.data.list[0]).toMatchObject({
      studentNumber: '20260001',
      courseNum: 2,
      workNum: 0,
      submittedWorkNum: 0,
      avgWorkScore: null,
      studyDuration: 60_000,
      lastActiveAt: t.clock.now() - 60_000,
    });
    expect(mine.body.data.list[1]).toMatchObject({ courseNum: 2, studyDuration: 0, lastActiveAt: null });

    const body = {
      schoolId: '1',
      courseId: String(courseId),
      ...page,
      sortField: 'studyDuration',
      sortOrder: 'desc',
    };
    const inCourse = await post<Page<Row & { studyDuration: number }>>(
      teacher1,
      '/getStudentList/by/course/static',
      body,
    );
    expect(z.parse(zGetStudentListByCourseStaticResponse, inCourse.body.data).list[0]).toMatchObject({
      studentNumber: '20260001',
      studyDuration: 60_000,
      lateWorkNum: 0,
    });

    const v2 = await post<Page<Row & { studyDuration: number }> & { startDate: string; endDate: string }>(
      teacher1,
      '/v2/getStudentList/by/course/static',
      body,
    );
    const parsed = z.parse(zGetStudentListByCourseStaticV2Response, v2.body.data);
    expect(parsed).toMatchObject({ startDate: '2026-02-23', endDate: '2026-03-02', total: 15 });
    expect(parsed.list[0]).toMatchObject({
      studyDuration: 60_000,
      submitRate: 0,
      quizNum: 0,
      avgQuizScore: null,
    });
    const before = await post<Page<Row & { studyDuration: number }>>(
      teacher1,
      '/v2/getStudentList/by/course/static',
      {
        ...body,
        startDate: '2026-02-23',
        endDate: '2026-03-01',
      },
    );
    expect(before.body.data.list[0]?.studyDuration).toBe(0);
  });

  it('v2 static refuses a reversed or too long range', async () => {
    const { courseId } = await addCourse(t, 'teacher1', [0]);
    const teacher1 = await login(t.app, 'teacher1');
    const body = { schoolId: '1', courseId: String(courseId), ...page };
    expect(
      (
        await post(teacher1, '/v2/getStudentList/by/course/static', {
          ...body,
          startDate: '2026-03-02',
          endDate: '2026-03-01',
        })
      ).body,
    ).toEqual({ errCode: 2, errMsg: '参数 endDate 不能早于 startDate', data: null });
    expect(
      (
        await post(teacher1, '/v2/getStudentList/by/course/static', {
          ...body,
          startDate: '2025-01-01',
          endDate: '2026-03-01',
        })
      ).body.errMsg,
    ).toBe('统计区间不能超过 366 天');
    expect(
      (await post(teacher1, '/v2/getStudentList/by/course/static', { ...body, startDate: '2026-02-30' })).body
        .errMsg,
    ).toBe('参数 startDate 不是有效日期');
  });
});

describe('student info, update and delete', () => {
  it('shows a student with the teacher’s own courses; the manager sees all', async () => {
    const { courseId } = await addCourse(t, 'teacher1', [0], { name: '量化投资' });
    await addCourse(t, 'teacher2', [0], { name: '金融数据分析' });
    const id = await studentIdOf(t, '20260001');
    const teacher1 = await login(t.app, 'teacher1');
    const answer = await get(teacher1, `/getStudentInfo/1/${id}`);
    const info = z.parse(zGetStudentInfoResponse, answer.body.data);
    expect(info).toMatchObject({ studentId: String(id), schoolId: '1', studentName: '陈思远' });
    expect(info.courses).toEqual([
      {
        course: expect.objectContaining({ courseId: String(courseId), courseName: '量化投资' }),
        teachingClassId: expect.any(String),
        teachingClassName: expect.any(String),
      },
    ]);
    const manager = await login(t.app, 'manager');
    const full = await get<{ courses: unknown[] }>(manager, `/schoolMgrGetStudentInfo/1/${id}`);
    expect(full.body.data.courses).toHaveLength(2);
    // a student of the other class is out of teacher1's scope
    expect((await get(teacher1, `/getStudentInfo/1/${await studentIdOf(t, '20260016')}`)).body).toEqual({
      errCode: 5,
      errMsg: '该学生不在您任教的班级中',
      data: null,
    });
    expect((await get(teacher1, '/getStudentInfo/1/99999')).body.errCode).toBe(6);
    expect((await get(await login(t.app, 'student01'), `/getStudentInfo/1/${id}`)).body.errCode).toBe(5);
  });

  it('adds a student with a new account whose initial password is the number’s last 6 characters', async () => {
    await addCourse(t, 'teacher1', [0]);
    const teacher1 = await login(t.app, 'teacher1');
    const classId = String(await classIdOf(t, 0));
    const answer = await post(teacher1, '/updateStudent', {
      schoolId: '1',
      classId,
      studentNumber: 'S2026100',
      studentName: '新同学',
      gender: 2,
      phoneNumber: '13700000001',
      email: 'new@example.com',
    });
    expect(answer.body.errCode).toBe(0);
    const info = z.parse(zUpdateStudentResponse, answer.body.data);
    expect(info).toMatchObject({
      studentNumber: 'S2026100',
      userName: 'S2026100',
      gender: 2,
      status: 0,
      phoneNumber: '13700000001',
      email: 'new@example.com',
      classId,
    });
    const [account] = await t.db.select().from(users).where(eq(users.userName, 'S2026100'));
    expect(account?.realName).toBe('新同学');
    expect(await verifyPassword('026100', account?.passwordHash ?? '')).toBe(true);
    const [role] = await t.db
      .select()
      .from(schoolMembers)
      .where(and(eq(schoolMembers.userId, account?.id ?? 0), eq(schoolMembers.role, 'student')));
    expect(role?.schoolId).toBe(1);
    // the new student can log in, must first replace the initial password, and is then in the class
    const session = await login(t.app, 'S2026100', '026100');
    expect((await get(session, '/refresh?schoolId=1')).body).toMatchObject({
      errCode: 1,
      errMsg: '请先修改初始密码',
    });
    const changed = await call(t.app, 'POST', '/user/change/password', {
      session,
      body: { oldPassword: '026100', newPassword: 'Quant2026x' },
    });
    expect(changed.body.errCode).toBe(0);
    expect((await get(session, '/refresh?schoolId=1')).body.errCode).toBe(0);
  });

  it('refuses a taken number, a taken phone, a stranger’s account and a class out of scope', async () => {
    await addCourse(t, 'teacher1', [0]);
    const teacher1 = await login(t.app, 'teacher1');
    const classId = String(await classIdOf(t, 0));
    const save = (body: object) =>
      post(teacher1, '/updateStudent', { schoolId: '1', classId, studentName: '某同学', ...body });
    expect((await save({ studentNumber: '20260020' })).body).toEqual({
      errCode: 7,
      errMsg: '学号 20260020 在本校已被占用',
      data: null,
    });
    expect((await save({ studentNumber: 'X001', userName: 'student05' })).body.errMsg).toBe(
      '账号 student05 已是本校学生（学号 20260005）',
    );
    expect((await save({ studentNumber: 'X001', userName: 'admin' })).body).toEqual({
      errCode: 7,
      errMsg: '账号 admin 已被其他用户使用',
      data: null,
    });
    expect((await save({ studentNumber: 'X001', phoneNumber: '13900000002' })).body.errMsg).toBe(
      '手机号 13900000002 已被其他账号使用',
    );
    expect((await save({ studentNumber: 'X 1' })).body.errMsg).toBe('参数 studentNumber 格式不正确');
    expect((await save({ studentNumber: 'X001', studentName: '' })).body.errMsg).toBe(
      '参数 studentName 不能为空',
    );
    expect((await save({ studentNumber: 'X1' })).body.errMsg).toMatch(/^参数 userName 格式不正确/);
    expect((await save({ studentNumber: 'X001', classId: String(await classIdOf(t, 1)) })).body.errCode).toBe(
      5,
    );
    expect((await save({ studentNumber: 'X001', classId: '999' })).body.errCode).toBe(6);
    // nothing was written
    const [row] = await t.db.select().from(students).where(eq(students.studentNumber, 'X001'));
    expect(row).toBeUndefined();
  });

  it('links an account that belongs to no school, and changes a student', async () => {
    const teacher1 = await login(t.app, 'teacher1');
    await addCourse(t, 'teacher1', [0, 1]);
    const now = t.clock.now();
    await t.db.insert(users).values({ userName: 'loner01', passwordHash: 'x', createdAt: now, realName: '' });
    const classId = String(await classIdOf(t, 0));
    const linked = await post<{ userName: string; studentId: string }>(teacher1, '/updateStudent', {
      schoolId: '1',
      classId,
      studentNumber: 'L001',
      studentName: '独行侠',
      userName: 'loner01',
    });
    expect(linked.body.data).toMatchObject({ userName: 'loner01' });
    const [account] = await t.db.select().from(users).where(eq(users.userName, 'loner01'));
    expect(account).toMatchObject({ realName: '独行侠', passwordHash: 'x' });

    const id = await studentIdOf(t, '20260003');
    const changed = await post(teacher1, '/updateStudent', {
      schoolId: '1',
      studentId: String(id),
      classId: String(await classIdOf(t, 1)),
      studentNumber: '20269003',
      studentName: '黄子轩（改）',
      email: '',
    });
    expect(changed.body).toMatchObject({
      errCode: 0,
      data: { studentNumber: '20269003', studentName: '黄子轩（改）', className: DEMO_SCHOOL.classes[1] },
    });
    const [user] = await t.db.select().from(users).where(eq(users.userName, 'student03'));
    expect(user?.realName).toBe('黄子轩（改）');
    // teacher2 does not teach that class
    const teacher2 = await login(t.app, 'teacher2');
    expect(
      (
        await post(teacher2, '/updateStudent', {
          schoolId: '1',
          studentId: String(id),
          classId,
          studentNumber: '1111',
          studentName: '某',
        })
      ).body.errCode,
    ).toBe(5);
    // the school manager may put anyone anywhere
    const manager = await login(t.app, 'manager');
    expect(
      (
        await post(manager, '/schoolMgrUpdateStudent', {
          schoolId: '1',
          studentId: String(id),
          classId,
          studentNumber: '20260003',
          studentName: '黄子轩',
        })
      ).body.errCode,
    ).toBe(0);
  });

  it('deletes a student from the school but keeps the account', async () => {
    const { teachingClassIds } = await addCourse(t, 'teacher1', [0], { picks: ['20260004'] });
    const teacher1 = await login(t.app, 'teacher1');
    const id = await studentIdOf(t, '20260004');
    const userId = await userIdOf(t, 'student04');
    // teacher1's scope is class 1, the student is there
    const answer = await get(teacher1, `/delStudent/1/${id}`);
    expect(z.parse(zDelStudentResponse, answer.body.data)).toEqual({ id: String(id) });
    expect(await t.db.select().from(students).where(eq(students.id, id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(teachingClassStudents)
        .where(eq(teachingClassStudents.teachingClassId, teachingClassIds[0] ?? 0)),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(schoolMembers)
        .where(and(eq(schoolMembers.userId, userId), eq(schoolMembers.role, 'student'))),
    ).toEqual([]);
    const [account] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(account).toMatchObject({ userName: 'student04', disabled: false });
    expect((await get(teacher1, `/delStudent/1/${id}`)).body.errCode).toBe(6);
    // other class: out of scope; manager: anywhere
    const other = await studentIdOf(t, '20260017');
    expect((await get(teacher1, `/delStudent/1/${other}`)).body.errCode).toBe(5);
    const manager = await login(t.app, 'manager');
    expect((await get(manager, `/schoolMgrDelStudent/1/${other}`)).body.errCode).toBe(0);
    expect((await get(teacher1, `/schoolMgrDelStudent/1/${other}`)).body.errCode).toBe(5);
  });
});

describe('student status', () => {
  it('disables a student: no login, live sessions end at once; enabling lets them log in again', async () => {
    const student = await login(t.app, 'student01');
    const manager = await login(t.app, 'manager');
    const id = await studentIdOf(t, '20260001');
    const answer = await post(manager, `/schoolMgrUpdateStudentStatus/1/${id}/1`);
    expect(z.parse(zUpdateStudentStatusResponse, answer.body.data)).toEqual({
      studentId: String(id),
      status: 1,
      previousStatus: 0,
    });
    // the live session ends with the reason
    const refresh = await get(student, '/refresh?schoolId=1');
    expect(refresh.body).toEqual({ errCode: 3, errMsg: '账号已被停用，请联系学校管理员', data: null });
    // and a new login is refused
    const again = await call(t.app, 'POST', '/user/login', {
      body: { account: 'student01', password: 'dfrm2026', productId: 7 },
    });
    expect(again.body).toEqual({ errCode: 1, errMsg: '账号已被停用，请联系学校管理员', data: null });
    // the same status again is a success without change
    expect((await post(manager, `/schoolMgrUpdateStudentStatus/1/${id}/1`)).body.data).toEqual({
      studentId: String(id),
      status: 1,
      previousStatus: 1,
    });

    // 休学: can log in again; the old session stays ended
    expect((await post(manager, `/schoolMgrUpdateStudentStatus/1/${id}/2`)).body.data).toMatchObject({
      status: 2,
    });
    expect((await get(student, '/refresh?schoolId=1')).body.errCode).toBe(4);
    const back = await login(t.app, 'student01');
    expect((await get(back, '/refresh?schoolId=1')).body.errCode).toBe(0);
    const [row] = await t.db.select().from(students).where(eq(students.id, id));
    expect(row?.status).toBe('suspended');
  });

  it('lets a teacher change the status of their own students only, and checks the status value', async () => {
    await addCourse(t, 'teacher1', [0]);
    const teacher1 = await login(t.app, 'teacher1');
    const mine = await studentIdOf(t, '20260002');
    const theirs = await studentIdOf(t, '20260020');
    expect((await post(teacher1, `/updateStudentStatus/1/${mine}/3`)).body.data).toEqual({
      studentId: String(mine),
      status: 3,
      previousStatus: 0,
    });
    expect((await post(teacher1, `/updateStudentStatus/1/${theirs}/1`)).body.errCode).toBe(5);
    expect((await post(teacher1, `/updateStudentStatus/1/${mine}/4`)).body).toEqual({
      errCode: 2,
      errMsg: '参数 status 取值不正确，可选值：0、1、2、3',
      data: null,
    });
    expect((await post(teacher1, `/updateStudentStatus/1/99999/1`)).body.errCode).toBe(6);
    expect((await post(await login(t.app, 'manager'), `/updateStudentStatus/1/${mine}/1`)).body.errCode).toBe(
      5,
    );
  });

  it('does not disable an account that also teaches', async () => {
    const teacherId = await userIdOf(t, 'teacher2');
    const [row] = await t.db
      .insert(students)
      .values({
        schoolId: 1,
        classId: await classIdOf(t, 0),
        userId: teacherId,
        studentNumber: 'T2',
        name: '周晓燕',
      })
      .returning();
    await t.db.insert(schoolMembers).values({ schoolId: 1, userId: teacherId, role: 'student' });
    const manager = await login(t.app, 'manager');
    expect((await post(manager, `/schoolMgrUpdateStudentStatus/1/${row?.id}/1`)).body.errCode).toBe(0);
    expect((await login(t.app, 'teacher2')).token).toBeTruthy();
  });
});
