import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { courseWorks, studentWorks, workMessages } from '../../db/schema/homework';
import { users } from '../../db/schema/identity';
import { DAY_MS, HOUR_MS } from '../../lib/clock';
import { sweepExpiredUploads } from '../../jobs/sweep-uploads';
import { call, createTestApp, login, type Session, type TestApp } from '../../testing/index';
import { type TeachingFixture, teachingFixture } from './teaching-content.fixtures';

let t: TestApp;
let f: TeachingFixture;
let teacher1: Session;
let teacher2: Session;
let student01: Session;
beforeEach(async () => {
  t = await createTestApp();
  f = await teachingFixture(t);
  [teacher1, teacher2, student01] = await Promise.all([
    login(t.app, 'teacher1'),
    login(t.app, 'teacher2'),
    login(t.app, 'student01'),
  ]);
});

const MGR = '/tms-server/courseWorkMgr';
const MY = '/tms-server/myWork';

async function ok<T = Record<string, unknown>>(
  promise: Promise<{ body: { errCode: number; errMsg: string; data: unknown } }>,
): Promise<T> {
  const { body } = await promise;
  expect(body.errCode, body.errMsg).toBe(0);
  return body.data as T;
}

function save(session: Session, body: Record<string, unknown> = {}) {
  const now = t.clock.now();
  return call(t.app, 'POST', `${MGR}/updateCourseWork`, {
    session,
    body: {
      schoolId: '1',
      courseId: String(f.quant.id),
      teachingClassIds: [String(f.quant.class1)],
      title: '第一次作业：收益率',
      content: '<p>计算<strong>日收益率</strong></p><script>alert(1)</script>',
      type: 1,
      groupMode: 0,
      startTime: now,
      endTime: now + 7 * DAY_MS,
      totalScore: 100,
      ...body,
    },
  });
}

async function publishedWork(body: Record<string, unknown> = {}) {
  const work = await ok<{ workId: string }>(save(teacher1, body));
  await ok(call(t.app, 'GET', `${MGR}/publishCourseWork/1/${work.workId}`, { session: teacher1 }));
  return work.workId;
}

async function myWorkOf(session: Session, workId: string) {
  return ok<{
    myWork: {
      studentWorkId: string;
      revision: number;
      status: number;
      score: number | null;
      comment: string | null;
    };
    work: { title: string };
    serverTime: number;
  }>(call(t.app, 'GET', `${MY}/getMyWorkInfo/1/${workId}`, { session }));
}

function hand(session: Session, studentWorkId: string, body: Record<string, unknown> = {}) {
  return call(t.app, 'POST', `${MY}/updateMyWorkInfo`, {
    session,
    body: {
      schoolId: '1',
      studentWorkId,
      requestId: `req-${Math.random().toString(36).slice(2, 12)}`,
      revision: 0,
      content: '<p>答案：0.52%</p>',
      submit: true,
      ...body,
    },
  });
}

describe('updateCourseWork and getCourseWorkInfo', () => {
  it('creates a draft with sanitized requirement, classes and late policy', async () => {
    const work = await ok<Record<string, unknown>>(
      save(teacher1, { allowLate: true, latePenaltyPerDay: 10, lateScoreFloor: 50 }),
    );
    expect(work).toMatchObject({
      title: '第一次作业：收益率',
      courseName: '量化投资',
      publishStatus: 0,
      scoreStatus: 0,
      allowLate: true,
      latePenaltyPerDay: 10,
      lateScoreFloor: 50,
      teachingClasses: [expect.objectContaining({ teachingClassId: String(f.quant.class1) })],
    });
    expect(work.content).toBe('<p>计算<strong>日收益率</strong></p>');
    const info = await ok<Record<string, unknown>>(
      call(t.app, 'GET', `${MGR}/getCourseWorkInfo/1/${String(work.workId)}`, { session: teacher1 }),
    );
    expect(info).toEqual(work);
  });

  it('refuses bad input with a Chinese message naming the problem and stores nothing', async () => {
    const now = t.clock.now();
    const cases: [Record<string, unknown>, string][] = [
      [{ endTime: now - 1 }, '截止时间必须晚于开始时间'],
      [{ title: '   ' }, '参数 title 不能为空'],
      [{ teachingClassIds: [String(f.python.class1)] }, '参数 teachingClassIds 中有不属于该课程的教学班'],
      [{ groupMode: 1 }, '小组作业必须选择分组方案（workGroupId）'],
      [{ type: 2 }, '策略作业必须填写策略要求（strategyRequirement）'],
      [
        { attachments: [{ fileName: 'a.pdf', filePath: 'ab/not-mine.pdf', fileSize: 3 }] },
        '参数 attachments 中的文件“a.pdf”不存在，请重新上传',
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await save(teacher1, body);
      expect(answer.body, JSON.stringify(body)).toMatchObject({ errCode: 2, errMsg: message });
    }
    expect(await t.db.select().from(courseWorks)).toHaveLength(0);
  });

  it('keeps other teachers out: their course is 5, their work is 5, an unknown work is 6', async () => {
    const work = await ok<{ workId: string }>(save(teacher1));
    expect((await save(teacher2)).body.errCode).toBe(5);
    expect(
      (
        await save(teacher2, {
          workId: work.workId,
          courseId: String(f.derivatives.id),
          teachingClassIds: [String(f.derivatives.class1)],
        })
      ).body.errCode,
    ).toBe(5);
    expect(
      (await call(t.app, 'GET', `${MGR}/getCourseWorkInfo/1/${work.workId}`, { session: teacher2 })).body
        .errCode,
    ).toBe(5);
    expect(
      (await call(t.app, 'GET', `${MGR}/getCourseWorkInfo/1/999999`, { session: teacher1 })).body.errCode,
    ).toBe(6);
  });

  it('fixes the shape of a work once a student has saved an answer', async () => {
    const workId = await publishedWork();
    const { myWork } = await myWorkOf(student01, workId);
    await ok(hand(student01, myWork.studentWorkId, { submit: false }));
    const answer = await save(teacher1, { workId, totalScore: 50 });
    expect(answer.body).toMatchObject({ errCode: 1, errMsg: '已有学生作答，不能再修改满分' });
    const moved = await ok<{ endTime: number; title: string }>(
      save(teacher1, { workId, title: '第一次作业（延期）', endTime: t.clock.now() + 9 * DAY_MS }),
    );
    expect(moved).toMatchObject({ title: '第一次作业（延期）', endTime: t.clock.now() + 9 * DAY_MS });
  });
});

describe('publishing', () => {
  it('gives every student of the chosen classes a student work and a message; drafts stay hidden', async () => {
    const draft = await ok<{ workId: string }>(save(teacher1));
    const before = await ok<{ total: number }>(
      call(t.app, 'POST', `${MY}/getMyWorkList`, {
        session: student01,
        body: { schoolId: '1', pageIndex: 1, pageSize: 20 },
      }),
    );
    expect(before.total).toBe(0);
    expect(
      (await call(t.app, 'GET', `${MY}/getMyWorkInfo/1/${draft.workId}`, { session: student01 })).body
        .errCode,
    ).toBe(6);

    const result = await ok<{ publishStatus: number; studentWorkCount: number }>(
      call(t.app, 'GET', `${MGR}/publishCourseWork/1/${draft.workId}`, { session: teacher1 }),
    );
    expect(result).toMatchObject({ publishStatus: 1, studentWorkCount: 15 });
    // idempotent
    expect(
      await ok(call(t.app, 'GET', `${MGR}/publishCourseWork/1/${draft.workId}`, { session: teacher1 })),
    ).toMatchObject({ publishStatus: 1, studentWorkCount: 15 });
    const list = await ok<{ total: number; list: { title: string; status: number; score: unknown }[] }>(
      call(t.app, 'POST', `${MY}/getMyWorkList`, {
        session: student01,
        body: { schoolId: '1', pageIndex: 1, pageSize: 20 },
      }),
    );
    expect(list).toMatchObject({ total: 1, list: [{ title: '第一次作业：收益率', status: 0, score: null }] });
    const [student01User] = await t.db.select().from(users).where(eq(users.userName, 'student01'));
    const messages = await t.db.select().from(workMessages).where(eq(workMessages.userId, student01User!.id));
    expect(messages).toMatchObject([{ type: 1, title: '第一次作业：收益率' }]);
    // a student of the other class sees nothing
    const student16 = await login(t.app, 'student16');
    expect(
      (await call(t.app, 'GET', `${MY}/getMyWorkInfo/1/${draft.workId}`, { session: student16 })).body
        .errCode,
    ).toBe(5);
  });

  it('refuses to publish past the deadline, and v2 withdraws only while nobody has answered', async () => {
    const late = await ok<{ workId: string }>(
      save(teacher1, { startTime: t.clock.now() - 2 * DAY_MS, endTime: t.clock.now() - DAY_MS }),
    );
    expect(
      (await call(t.app, 'GET', `${MGR}/publishCourseWork/1/${late.workId}`, { session: teacher1 })).body,
    ).toMatchObject({
      errCode: 1,
      errMsg: '截止时间已过，请先修改截止时间再发布',
    });
    const workId = await publishedWork();
    expect(
      await ok(call(t.app, 'GET', `${MGR}/v2/publishCourseWork/1/${workId}/0`, { session: teacher1 })),
    ).toMatchObject({ publishStatus: 0, studentWorkCount: 0 });
    await ok(call(t.app, 'GET', `${MGR}/v2/publishCourseWork/1/${workId}/1`, { session: teacher1 }));
    const { myWork } = await myWorkOf(student01, workId);
    await ok(hand(student01, myWork.studentWorkId, { submit: false }));
    expect(
      (await call(t.app, 'GET', `${MGR}/v2/publishCourseWork/1/${workId}/0`, { session: teacher1 })).body,
    ).toMatchObject({
      errCode: 1,
      errMsg: '已有学生作答，不能撤回为草稿',
    });
    expect(
      (await call(t.app, 'GET', `${MGR}/delCourseWork/1/${workId}`, { session: teacher1 })).body.errCode,
    ).toBe(1);
    expect(
      (await call(t.app, 'GET', `${MGR}/publishCourseWork/1/${workId}`, { session: teacher2 })).body.errCode,
    ).toBe(5);
  });

  it('deletes a draft, and a published work nobody answered, with its student works', async () => {
    const draft = await ok<{ workId: string }>(save(teacher1));
    expect(
      await ok(call(t.app, 'GET', `${MGR}/delCourseWork/1/${draft.workId}`, { session: teacher1 })),
    ).toEqual({ id: draft.workId });
    const workId = await publishedWork();
    expect(
      (await call(t.app, 'GET', `${MGR}/delCourseWork/1/${workId}`, { session: teacher2 })).body.errCode,
    ).toBe(5);
    await ok(call(t.app, 'GET', `${MGR}/delCourseWork/1/${workId}`, { session: teacher1 }));
    expect(await t.db.select().from(studentWorks)).toHaveLength(0);
    expect(
      (await call(t.app, 'GET', `${MGR}/delCourseWork/1/${workId}`, { session: teacher1 })).body.errCode,
    ).toBe(6);
  });
});

describe('handing in (updateMyWorkInfo)', () => {
  it('acknowledges a save only once it is stored, replays a repeated request and refuses a stale revision', async () => {
    const workId = await publishedWork();
    const { myWork } = await myWorkOf(student01, workId);
    const first = await ok<{ revision: number; replayed: boolean; status: number; savedAt: number }>(
      hand(student01, myWork.studentWorkId, { requestId: 'draft-0001', submit: false }),
    );
    expect(first).toMatchObject({ revision: 1, replayed: false, status: 0, savedAt: t.clock.now() });
    // another server process on the same database sees it: it is in the database, not in memory
    const peer = await t.createPeerApp();
    const seen = await call<{ myWork: { content: string; revision: number } }>(
      peer,
      'GET',
      `${MY}/getMyWorkInfo/1/${workId}`,
      {
        session: student01,
      },
    );
    expect(seen.body.data.myWork).toMatchObject({ content: '<p>答案：0.52%</p>', revision: 1 });
    await t.close();

    const replay = await ok(
      hand(student01, myWork.studentWorkId, {
        requestId: 'draft-0001',
        submit: false,
        content: '<p>别的</p>',
      }),
    );
    expect(replay).toMatchObject({ revision: 1, replayed: true });
    const stale = await hand(student01, myWork.studentWorkId, { revision: 0 });
    expect(stale.body).toMatchObject({
      errCode: 7,
      errMsg: '答案已在别处更新（可能是同组同学），请刷新后再保存',
    });
    expect((await myWorkOf(student01, workId)).myWork).toMatchObject({ revision: 1, status: 0 });

    const submitted = await ok(hand(student01, myWork.studentWorkId, { revision: 1 }));
    expect(submitted).toMatchObject({ revision: 2, status: 1, submitTime: t.clock.now(), isLate: false });
    expect((await hand(student01, myWork.studentWorkId, { revision: 2 })).body).toMatchObject({
      errCode: 1,
      errMsg: '作业已提交，等待老师批改，不能再修改',
    });
  });

  it('refuses another student’s work, an empty hand-in, and saving after the deadline when late is not allowed', async () => {
    const workId = await publishedWork();
    const { myWork } = await myWorkOf(student01, workId);
    const student02 = await login(t.app, 'student02');
    expect((await hand(student02, myWork.studentWorkId)).body.errCode).toBe(5);
    expect((await hand(student01, myWork.studentWorkId, { content: '<p> </p>' })).body).toMatchObject({
      errCode: 2,
      errMsg: '提交前请填写答案或上传附件',
    });
    t.clock.advance(8 * DAY_MS);
    student01 = await login(t.app, 'student01'); // sessions end after days without use
    expect((await hand(student01, myWork.studentWorkId)).body).toMatchObject({
      errCode: 1,
      errMsg: '作业已截止，不能再保存或提交',
    });
    expect((await myWorkOf(student01, workId)).myWork.revision).toBe(0);
  });
});

describe('grading and publishing scores', () => {
  it('applies the late penalty, hides scores until published, then shows score and comment', async () => {
    const workId = await publishedWork({ allowLate: true, latePenaltyPerDay: 10, lateScoreFloor: 60 });
    let student02 = await login(t.app, 'student02');
    const on = (await myWorkOf(student01, workId)).myWork.studentWorkId;
    const late = (await myWorkOf(student02, workId)).myWork.studentWorkId;
    await ok(hand(student01, on));
    t.clock.advance(7 * DAY_MS + 30 * HOUR_MS); // 30 hours after the deadline: 2 started days
    // sessions end after days without use
    [teacher1, student01, student02] = await Promise.all([
      login(t.app, 'teacher1'),
      login(t.app, 'student01'),
      login(t.app, 'student02'),
    ]);
    const lateAck = await ok(hand(student02, late));
    expect(lateAck).toMatchObject({ isLate: true, status: 1 });

    const graded = await ok(
      call(t.app, 'POST', `${MGR}/correctStudentWork`, {
        session: teacher1,
        body: { schoolId: '1', studentWorkId: late, score: 90, comment: '思路清楚' },
      }),
    );
    expect(graded).toMatchObject({
      status: 2,
      rawScore: 90,
      lateDays: 2,
      latePenalty: 20,
      score: 70,
      isLate: true,
    });
    const floored = await ok(
      call(t.app, 'POST', `${MGR}/correctStudentWork`, {
        session: teacher1,
        body: { schoolId: '1', studentWorkId: late, score: 75, comment: '思路清楚' },
      }),
    );
    expect(floored).toMatchObject({ rawScore: 75, score: 60, latePenalty: 15 });
    expect(
      (
        await call(t.app, 'POST', `${MGR}/correctStudentWork`, {
          session: teacher1,
          body: { schoolId: '1', studentWorkId: on, score: 101 },
        })
      ).body,
    ).toMatchObject({ errCode: 2, errMsg: '参数 score 不能超过作业满分 100 分' });
    expect(
      (
        await call(t.app, 'POST', `${MGR}/correctStudentWork`, {
          session: teacher1,
          body: { schoolId: '1', studentWorkId: on, score: 80.25 },
        })
      ).body,
    ).toMatchObject({ errCode: 2, errMsg: '参数 score 必须是 0.5 的整数倍' });
    expect(
      (
        await call(t.app, 'POST', `${MGR}/correctStudentWork`, {
          session: await login(t.app, 'teacher2'),
          body: { schoolId: '1', studentWorkId: on, score: 80 },
        })
      ).body.errCode,
    ).toBe(5);

    // nothing shows before publication; publication waits for the ungraded hand-in
    expect((await myWorkOf(student02, workId)).myWork).toMatchObject({ score: null, comment: null });
    expect(
      (await call(t.app, 'GET', `${MY}/getScoredWork/1/${workId}`, { session: student02 })).body.errCode,
    ).toBe(1);
    expect(
      (await call(t.app, 'GET', `${MGR}/publishWorkScore/1/${workId}`, { session: teacher1 })).body,
    ).toMatchObject({
      errCode: 1,
      errMsg: '还有 1 份已提交的作业没有批改，批改后才能公布成绩',
    });
    await ok(
      call(t.app, 'POST', `${MGR}/correctStudentWork`, {
        session: teacher1,
        body: { schoolId: '1', studentWorkId: on, score: 88 },
      }),
    );
    expect(
      await ok(call(t.app, 'GET', `${MGR}/publishWorkScore/1/${workId}`, { session: teacher1 })),
    ).toMatchObject({
      scoreStatus: 1,
      scoredCount: 2,
    });
    expect((await myWorkOf(student02, workId)).myWork).toMatchObject({
      score: 60,
      rawScore: 75,
      latePenalty: 15,
      lateDays: 2,
      comment: '思路清楚',
    });
    expect(
      await ok(call(t.app, 'GET', `${MY}/getScoredWork/1/${workId}`, { session: student01 })),
    ).toMatchObject({
      score: 88,
      averageScore: 74,
      maxScore: 88,
      rank: 1,
      rankTotal: 2,
    });
  });

  it('lists finish status with counts, filters and the grading detail', async () => {
    const workId = await publishedWork();
    const on = (await myWorkOf(student01, workId)).myWork.studentWorkId;
    await ok(hand(student01, on));
    const finish = await ok<{
      total: number;
      counts: Record<string, unknown>;
      list: { status: number; student: { studentNumber: string } }[];
    }>(
      call(t.app, 'POST', `${MGR}/queryWorkFinishStatus`, {
        session: teacher1,
        body: { schoolId: '1', workId, pageIndex: 1, pageSize: 5 },
      }),
    );
    expect(finish.total).toBe(15);
    expect(finish.list).toHaveLength(5);
    expect(finish.counts).toMatchObject({ studentWorkCount: 15, unsubmittedCount: 14, submittedCount: 1 });
    const submitted = await ok<{ total: number; list: { studentWorkId: string }[] }>(
      call(t.app, 'POST', `${MGR}/queryWorkFinishStatus`, {
        session: teacher1,
        body: { schoolId: '1', workId, pageIndex: 1, pageSize: 5, status: 1 },
      }),
    );
    expect(submitted).toMatchObject({ total: 1, list: [{ studentWorkId: on }] });
    const detail = await ok(call(t.app, 'GET', `${MGR}/getWorkFinishInfo/1/${on}`, { session: teacher1 }));
    expect(detail).toMatchObject({
      content: '<p>答案：0.52%</p>',
      revision: 1,
      totalScore: 100,
      members: [],
    });
    expect(
      (await call(t.app, 'GET', `${MGR}/getWorkFinishInfo/1/${on}`, { session: teacher2 })).body.errCode,
    ).toBe(5);
    expect(
      (
        await call(t.app, 'POST', `${MGR}/queryWorkFinishStatus`, {
          session: teacher2,
          body: { schoolId: '1', workId, pageIndex: 1, pageSize: 5 },
        })
      ).body.errCode,
    ).toBe(5);

    const v2 = await ok<{ list: { finish: Record<string, unknown>; teachingClasses: unknown[] }[] }>(
      call(t.app, 'POST', `${MGR}/v2/queryCourseWorkList`, {
        session: teacher1,
        body: { schoolId: '1', pageIndex: 1, pageSize: 10 },
      }),
    );
    expect(v2.list[0]).toMatchObject({ finish: { studentWorkCount: 15, submittedCount: 1 } });
    expect(
      (
        await ok<{ total: number }>(
          call(t.app, 'POST', `${MGR}/queryCourseWorkList`, {
            session: teacher2,
            body: { schoolId: '1', pageIndex: 1, pageSize: 10 },
          }),
        )
      ).total,
    ).toBe(0);
  });
});

const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

function uploadAs(session: Session, path: string, file: File | null, schoolId = '1') {
  const data = new FormData();
  data.append('schoolId', schoolId);
  if (file) data.append('file', file);
  return call(t.app, 'POST', path, { session, body: data });
}

const download = (session: Session, url: string) =>
  t.app.request(`/api${url}`, { headers: { Product: 'dfrm', ...session.headers } });

describe('homework files', () => {
  it('lets the teacher attach an uploaded file that the students of the work can download', async () => {
    const uploaded = await ok<{ filePath: string; fileName: string; fileSize: number }>(
      uploadAs(
        teacher1,
        `${MGR}/uploadWorkFile`,
        new File([PDF], '作业说明.pdf', { type: 'application/pdf' }),
      ),
    );
    expect(uploaded).toMatchObject({ fileName: '作业说明.pdf', fileSize: PDF.byteLength });
    const workId = await publishedWork({ attachments: [uploaded] });
    const { work } = await ok<{ work: { attachments: { url: string; fileName: string }[] } }>(
      call(t.app, 'GET', `${MY}/getMyWorkInfo/1/${workId}`, { session: student01 }),
    );
    const [attachment] = work.attachments;
    expect(attachment).toMatchObject({
      fileName: '作业说明.pdf',
      url: `${MGR}/downloadWorkAttachment/1/${workId}/0`,
    });
    const answer = await download(student01, attachment!.url);
    expect(answer.status).toBe(200);
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(PDF);
    const preview = await download(student01, `${attachment!.url}?preview=true`);
    expect(preview.headers.get('content-disposition')).toMatch(/^inline/);
    const outsider = await download(await login(t.app, 'student16'), attachment!.url);
    expect(((await outsider.json()) as { errCode: number }).errCode).toBe(5);
  });

  it('takes a student’s file into the answer, for the teacher to download; nobody else’s upload can be named', async () => {
    const workId = await publishedWork();
    const { myWork } = await myWorkOf(student01, workId);
    const file = await ok<{ filePath: string; fileName: string; fileSize: number }>(
      uploadAs(
        student01,
        `${MY}/uploadMyWorkFile`,
        new File(['date,close\n'], '回测结果.csv', { type: 'text/csv' }),
      ),
    );
    const student02 = await login(t.app, 'student02');
    const theirs = (await myWorkOf(student02, workId)).myWork.studentWorkId;
    expect((await hand(student02, theirs, { attachments: [file] })).body).toMatchObject({
      errCode: 2,
      errMsg: '参数 attachments 中的文件“回测结果.csv”不存在，请重新上传',
    });
    await ok(hand(student01, myWork.studentWorkId, { content: '', attachments: [file] }));
    const detail = await ok<{ attachments: { url: string }[] }>(
      call(t.app, 'GET', `${MGR}/getWorkFinishInfo/1/${myWork.studentWorkId}`, { session: teacher1 }),
    );
    const answer = await download(teacher1, detail.attachments[0]!.url);
    expect(await answer.text()).toBe('date,close\n');
    const other = await download(student02, detail.attachments[0]!.url);
    expect(((await other.json()) as { errCode: number }).errCode).toBe(5);
    expect(
      (await uploadAs(student01, `${MY}/uploadMyWorkFile`, new File(['x'], 'virus.exe'))).body.errCode,
    ).toBe(2);
    expect((await uploadAs(student01, `${MY}/uploadMyWorkFile`, null)).body).toMatchObject({ errCode: 2 });
  });
});

describe('uploads no save named', () => {
  it('are cleaned up after 24 hours, bytes and all; a save naming one then is refused and the answer kept', async () => {
    const workId = await publishedWork();
    const { myWork } = await myWorkOf(student01, workId);
    const csv = (name: string) => new File(['date,close\n'], name, { type: 'text/csv' });
    const kept = await ok<{ filePath: string; fileName: string; fileSize: number }>(
      uploadAs(student01, `${MY}/uploadMyWorkFile`, csv('已保存.csv')),
    );
    await ok(
      hand(student01, myWork.studentWorkId, { content: '<p>草稿</p>', attachments: [kept], submit: false }),
    );
    const forgotten = await ok<{ filePath: string; fileName: string; fileSize: number }>(
      uploadAs(student01, `${MY}/uploadMyWorkFile`, csv('忘记保存.csv')),
    );

    // a day is not yet past: nothing goes
    t.clock.advance(23 * HOUR_MS);
    expect(await sweepExpiredUploads(t.db, t.storage, t.clock.now())).toBe(0);
    const fresh = await ok<{ filePath: string; fileName: string; fileSize: number }>(
      uploadAs(student01, `${MY}/uploadMyWorkFile`, csv('刚上传.csv')),
    );
    t.clock.advance(2 * HOUR_MS);
    expect(await sweepExpiredUploads(t.db, t.storage, t.clock.now())).toBe(1);
    expect(await t.storage.stat(forgotten.filePath)).toBeNull();
    expect(await t.storage.stat(kept.filePath)).not.toBeNull();
    expect(await t.storage.stat(fresh.filePath)).not.toBeNull();

    const { myWork: now } = await myWorkOf(student01, workId);
    const refused = await hand(student01, myWork.studentWorkId, {
      revision: now.revision,
      content: '<p>交了</p>',
      attachments: [kept, forgotten],
    });
    expect(refused.body).toMatchObject({ errCode: 2 });
    expect(refused.body.errMsg).toContain('忘记保存.csv');
    const after = (await myWorkOf(student01, workId)).myWork;
    expect(after).toMatchObject({ status: 0, content: '<p>草稿</p>', revision: now.revision });
    await ok(hand(student01, myWork.studentWorkId, { revision: now.revision, attachments: [kept, fresh] }));
  });
});

describe('two tabs handing in at once', () => {
  it('keeps one consistent answer: one save wins, the other is told to reload', async () => {
    const workId = await publishedWork();
    const { myWork } = await myWorkOf(student01, workId);
    const answers = await Promise.all([
      hand(student01, myWork.studentWorkId, { content: '<p>标签页一</p>', submit: false }),
      hand(student01, myWork.studentWorkId, { content: '<p>标签页二</p>', submit: false }),
    ]);
    const codes = answers.map((answer) => answer.body.errCode).sort();
    expect(codes).toEqual([0, 7]);
    const winner = answers.find((answer) => answer.body.errCode === 0)!;
    const stored = await myWorkOf(student01, workId);
    expect(stored.myWork.revision).toBe(1);
    expect((winner.body.data as { revision: number }).revision).toBe(1);
  });
});

describe('exportWorkFinishExcel', () => {
  it('answers an .xlsx with Chinese headers and one row per student, scores after the late penalty', async () => {
    const workId = await publishedWork();
    const { myWork } = await myWorkOf(student01, workId);
    await ok(hand(student01, myWork.studentWorkId));
    await ok(
      call(t.app, 'POST', `${MGR}/correctStudentWork`, {
        session: teacher1,
        body: { schoolId: '1', studentWorkId: myWork.studentWorkId, score: 92.5, comment: '很好' },
      }),
    );
    const answer = await t.app.request(`/api${MGR}/export/work/finish/excel?schoolId=1&workId=${workId}`, {
      headers: { Product: 'dfrm', ...teacher1.headers },
    });
    expect(answer.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await answer.arrayBuffer());
    const sheet = workbook.getWorksheet('完成情况')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      '学号',
      '姓名',
      '行政班',
      '小组',
      '状态',
      '是否迟交',
      '提交时间',
      '教师评分',
      '迟交扣分',
      '最终得分',
      '评语',
    ]);
    expect(sheet.rowCount).toBe(16);
    const first = sheet.getRow(2).values as unknown[];
    expect(first.slice(1, 6)).toEqual(['20260001', '陈思远', '金融工程2026级1班', '', '已批改']);
    expect(first[8]).toBe(92.5);
    expect(first[10]).toBe(92.5);
    expect(first[11]).toBe('很好');
    const refused = await t.app.request(`/api${MGR}/export/work/finish/excel?schoolId=1&workId=${workId}`, {
      headers: { Product: 'dfrm', ...teacher2.headers },
    });
    expect(((await refused.json()) as { errCode: number }).errCode).toBe(5);
  });
});

describe('homework figures in the other views', () => {
  it('counts works, hand-ins, late ones and averages where courses and students are listed', async () => {
    const workId = await publishedWork({ allowLate: true, latePenaltyPerDay: 10 });
    await ok(save(teacher1, { title: '草稿作业' }));
    const student02 = await login(t.app, 'student02');
    const mine = (await myWorkOf(student01, workId)).myWork.studentWorkId;
    const page = (session: Session) =>
      ok<{ unCommitWorkNum: number; overdueNum: number; nearestDeadline: number | null }>(
        call(t.app, 'GET', `/tms-server/studentPage/getUnCommitWorkNum/1`, { session }),
      );
    expect(await page(student01)).toMatchObject({
      unCommitWorkNum: 1,
      overdueNum: 0,
      nearestDeadline: t.clock.now() + 7 * DAY_MS,
    });
    await ok(hand(student01, mine));
    expect(await page(student01)).toMatchObject({ unCommitWorkNum: 0, overdueNum: 0, nearestDeadline: null });
    await ok(
      call(t.app, 'POST', `${MGR}/correctStudentWork`, {
        session: teacher1,
        body: { schoolId: '1', studentWorkId: mine, score: 80 },
      }),
    );

    const courses = await ok<{ list: { courseId: string; workNum: number }[] }>(
      call(t.app, 'POST', '/tms-server/courseMgr/v2/getCourseList', {
        session: teacher1,
        body: { schoolId: '1', pageIndex: 1, pageSize: 20 },
      }),
    );
    expect(courses.list.find((course) => course.courseId === String(f.quant.id))).toMatchObject({
      workNum: 2,
    });
    expect(
      await ok(
        call(t.app, 'GET', `/tms-server/courseMgr/static/total/1/${f.quant.id}`, { session: teacher1 }),
      ),
    ).toMatchObject({ workNum: 2, publishedWorkNum: 1, submittedWorkNum: 1, avgWorkScore: 80 });

    const statics = await ok<{
      list: {
        studentNumber: string;
        workNum: number;
        submittedWorkNum: number;
        avgWorkScore: number | null;
      }[];
    }>(
      call(t.app, 'POST', '/tms-server/studentMgr/getStudentList/by/course/static', {
        session: teacher1,
        body: {
          schoolId: '1',
          courseId: String(f.quant.id),
          pageIndex: 1,
          pageSize: 2,
          sortField: 'avgWorkScore',
          sortOrder: 'desc',
        },
      }),
    );
    expect(statics.list[0]).toMatchObject({
      studentNumber: '20260001',
      workNum: 1,
      submittedWorkNum: 1,
      avgWorkScore: 80,
    });
    expect(statics.list[1]).toMatchObject({ workNum: 1, submittedWorkNum: 0, avgWorkScore: null });

    // the student sees the average only once scores are published
    const myCourses = () =>
      ok<{
        list: {
          courseId: string;
          workNum: number;
          submittedWorkNum: number;
          unCommitWorkNum: number;
          avgWorkScore: number | null;
        }[];
      }>(
        call(t.app, 'POST', '/tms-server/myCourse/v2/getStudentCourseList', {
          session: student01,
          body: { schoolId: '1', pageIndex: 1, pageSize: 20 },
        }),
      );
    expect((await myCourses()).list.find((c) => c.courseId === String(f.quant.id))).toMatchObject({
      workNum: 1,
      submittedWorkNum: 1,
      unCommitWorkNum: 0,
      avgWorkScore: null,
    });
    await ok(call(t.app, 'GET', `${MGR}/publishWorkScore/1/${workId}`, { session: teacher1 }));
    expect((await myCourses()).list.find((c) => c.courseId === String(f.quant.id))).toMatchObject({
      avgWorkScore: 80,
    });

    // a deadline passing moves student02's work from open to overdue
    expect(await page(student02)).toMatchObject({ unCommitWorkNum: 1, overdueNum: 0 });
    t.clock.advance(8 * DAY_MS);
    expect(await page(await login(t.app, 'student02'))).toMatchObject({ unCommitWorkNum: 0, overdueNum: 1 });
  });
});
