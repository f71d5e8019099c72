import type { QuizMyState } from '@dfrm/sdk/tms/types';
import { and, asc, count, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Input, Output } from '../../contract/types';
import { type QuizPaperRow, quizPapers, type QuizRow, quizzes } from '../../db/schema/quiz';
import { courses, teachingClasses } from '../../db/schema/teaching';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { idOrNotFound } from '../../lib/ids';
import { offsetOf } from '../../lib/paging';
import type { AuthedCall, AuthedContext } from '../context';
import { COURSE_NOT_FOUND_MESSAGE } from '../course/membership';
import { coursesOfStudent } from '../course/timetable';
import { courseBrief, userBriefs } from '../course/views';
import { activeRoster } from '../homework/group-sets';
import { resolveSchoolId } from '../school/resolve-school';
import { UNKNOWN_USER } from '../teaching-content/shared';
import {
  isOpen,
  QUIZ_NOT_FOUND_MESSAGE,
  quizBriefs,
  quizById,
  sentToStudent,
  settleOverduePapers,
  statusCondition,
  statusOf,
  studentClassesOfQuiz,
} from './access';

// The student's side of quizzes (/quiz/api/): what is sent to their classes, their state on each,
// and how they compare with their class. Drafts are never shown.

const NOT_IN_COURSE_MESSAGE = '您没有选这门课程';

function handedIn(paper: QuizPaperRow | null): paper is QuizPaperRow {
  return paper !== null && paper.status > 0;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function myState(paper: QuizPaperRow | null): QuizMyState {
  return {
    myPaperId: paper ? String(paper.id) : null,
    myPaperStatus: paper ? paper.status : null,
    myScore: handedIn(paper) ? paper.score : null,
    mySubmittedAt: handedIn(paper) ? paper.submittedAt : null,
  };
}

/** Score rate (%) of a handed-in paper. */
function rateOf(paper: QuizPaperRow, quiz: QuizRow): number {
  return quiz.totalScore > 0 ? ((paper.score ?? 0) / quiz.totalScore) * 100 : 0;
}

/** The student's school (the current one), with their overdue papers handed in first. */
async function studentSchool(ctx: AuthedContext): Promise<number> {
  const schoolId = await resolveSchoolId(ctx, '0');
  await settleOverduePapers(ctx.db, ctx.clock.now(), { userId: ctx.auth.userId });
  return schoolId;
}

/** A course the student is in, with their teaching classes of it: 6 when none exists, 5 when not theirs. */
async function enrolledCourse(ctx: AuthedContext, schoolId: number, raw: string) {
  const id = idOrNotFound(raw, COURSE_NOT_FOUND_MESSAGE);
  const [course] = await ctx.db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, id), eq(courses.schoolId, schoolId)));
  if (!course) throw new NotFoundError(COURSE_NOT_FOUND_MESSAGE);
  const mine = (await coursesOfStudent(ctx, schoolId)).find((entry) => entry.course.id === id);
  if (!mine) throw new ForbiddenError(NOT_IN_COURSE_MESSAGE);
  return mine;
}

/** The quizzes shown to the student (published or ended, sent to a class of theirs) with their paper. */
function visibleQuizzes(ctx: AuthedContext, schoolId: number, extra: (SQL | undefined)[]) {
  const where = and(
    eq(quizzes.schoolId, schoolId),
    ne(quizzes.status, 0),
    sentToStudent(ctx.db, schoolId, ctx.auth.userId),
    ...extra,
  );
  const joined = and(eq(quizPapers.quizId, quizzes.id), eq(quizPapers.userId, ctx.auth.userId));
  return { where, joined };
}

async function allVisible(ctx: AuthedContext, schoolId: number, extra: (SQL | undefined)[] = []) {
  const { where, joined } = visibleQuizzes(ctx, schoolId, extra);
  return ctx.db
    .select({ quiz: quizzes, paper: quizPapers })
    .from(quizzes)
    .leftJoin(quizPapers, joined)
    .where(where)
    .orderBy(asc(quizzes.startTime), asc(quizzes.id));
}

export async function quizApiCourseQuizList({
  ctx,
}: AuthedCall<Input<'quizApiCourseQuizList'>>): Promise<Output<'quizApiCourseQuizList'>> {
  const schoolId = await studentSchool(ctx);
  const now = ctx.clock.now();
  const [mine, rows] = await Promise.all([coursesOfStudent(ctx, schoolId), allVisible(ctx, schoolId)]);
  const teachers = await userBriefs(
    ctx.db,
    mine.map((entry) => entry.course.teacherUserId),
  );
  return mine.map(({ course }) => {
    const ofCourse = rows.filter((row) => row.quiz.courseId === course.id);
    const done = ofCourse.filter((row) => handedIn(row.paper));
    return {
      ...courseBrief(course, teachers),
      quizCount: ofCourse.length,
      openCount: ofCourse.filter((row) => isOpen(row.quiz, now) && !handedIn(row.paper)).length,
      finishedCount: done.length,
      averageScore:
        done.length > 0
          ? round2(done.reduce((total, row) => total + rateOf(row.paper!, row.quiz), 0) / done.length)
          : null,
    };
  });
}

export async function quizApiListByCourse({
  ctx,
  input,
}: AuthedCall<Input<'quizApiListByCourse'>>): Promise<Output<'quizApiListByCourse'>> {
  const schoolId = await studentSchool(ctx);
  const now = ctx.clock.now();
  const { course } = await enrolledCourse(ctx, schoolId, input.courseId);
  const { where, joined } = visibleQuizzes(ctx, schoolId, [
    eq(quizzes.courseId, course.id),
    input.status === undefined ? undefined : statusCondition(input.status, now),
    input.unfinishedOnly ? or(isNull(quizPapers.id), eq(quizPapers.status, 0)) : undefined,
  ]);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ quiz: quizzes, paper: quizPapers })
      .from(quizzes)
      .leftJoin(quizPapers, joined)
      .where(where)
      .orderBy(desc(quizzes.startTime), desc(quizzes.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    ctx.db.select({ n: count() }).from(quizzes).leftJoin(quizPapers, joined).where(where),
  ]);
  const briefs = await quizBriefs(
    ctx.db,
    rows.map((row) => row.quiz),
    now,
  );
  return {
    list: rows.map((row, index) => ({ ...briefs[index]!, ...myState(row.paper) })),
    total: total?.n ?? 0,
  };
}

export async function quizApiGetDetail({
  ctx,
  input,
}: AuthedCall<Input<'quizApiGetDetail'>>): Promise<Output<'quizApiGetDetail'>> {
  const quiz = await quizById(ctx.db, input.quizId);
  // a draft, or a quiz not sent to them, is not there for the student
  if (quiz.status === 0 || (await studentClassesOfQuiz(ctx, quiz)).length === 0)
    throw new NotFoundError(QUIZ_NOT_FOUND_MESSAGE);
  const now = ctx.clock.now();
  await settleOverduePapers(ctx.db, now, { quizId: quiz.id, userId: ctx.auth.userId });
  const [[brief], [paper], teachers] = await Promise.all([
    quizBriefs(ctx.db, [quiz], now),
    ctx.db
      .select()
      .from(quizPapers)
      .where(and(eq(quizPapers.quizId, quiz.id), eq(quizPapers.userId, ctx.auth.userId))),
    userBriefs(ctx.db, [quiz.teacherUserId]),
  ]);
  const mine = paper ?? null;
  return {
    ...brief!,
    ...myState(mine),
    description: quiz.description,
    teacher: teachers.get(quiz.teacherUserId) ?? UNKNOWN_USER,
    canStart: isOpen(quiz, now) && (mine === null || mine.status === 0),
    serverTime: now,
  };
}

export async function quizApiStatistics({
  ctx,
  input,
}: AuthedCall<Input<'quizApiStatistics'>>): Promise<Output<'quizApiStatistics'>> {
  const schoolId = await studentSchool(ctx);
  const now = ctx.clock.now();
  const courseId = input.courseId;
  const course = courseId === undefined ? undefined : (await enrolledCourse(ctx, schoolId, courseId)).course;
  const rows = await allVisible(ctx, schoolId, [course ? eq(quizzes.courseId, course.id) : undefined]);
  const rates = rows.flatMap((row) => (handedIn(row.paper) ? [rateOf(row.paper, row.quiz)] : []));
  const notDone = rows.filter((row) => !handedIn(row.paper));
  return {
    quizCount: rows.length,
    finishedCount: rates.length,
    unfinishedCount: notDone.filter((row) => statusOf(row.quiz, now) === 1).length,
    missedCount: notDone.filter((row) => statusOf(row.quiz, now) === 2).length,
    averageScoreRate: rates.length > 0 ? round2(rates.reduce((a, b) => a + b, 0) / rates.length) : null,
    highestScoreRate: rates.length > 0 ? round2(Math.max(...rates)) : null,
  };
}

export async function quizApiCourseClassStatistics({
  ctx,
  input,
}: AuthedCall<Input<'quizApiCourseClassStatistics'>>): Promise<Output<'quizApiCourseClassStatistics'>> {
  const schoolId = await studentSchool(ctx);
  const { course, teachingClassIds } = await enrolledCourse(ctx, schoolId, input.courseId);
  const classId = teachingClassIds[0]!;
  const [rows, [klass], roster] = await Promise.all([
    allVisible(ctx, schoolId, [eq(quizzes.courseId, course.id)]),
    ctx.db
      .select({ name: teachingClasses.name })
      .from(teachingClasses)
      .where(eq(teachingClasses.id, classId)),
    activeRoster(ctx.db, course.id, [classId]),
  ]);
  const quizIds = rows.map((row) => row.quiz.id);
  const classPapers =
    quizIds.length === 0
      ? []
      : await ctx.db
          .select({ quizId: quizPapers.quizId, score: quizPapers.score })
          .from(quizPapers)
          .where(
            and(
              inArray(quizPapers.quizId, quizIds),
              eq(quizPapers.teachingClassId, classId),
              sql`${quizPapers.status} > 0`,
            ),
          );
  return {
    courseId: String(course.id),
    courseName: course.name,
    classId: String(classId),
    className: klass?.name ?? '',
    items: rows.map(({ quiz, paper }) => {
      const scores = classPapers.filter((row) => row.quizId === quiz.id).map((row) => row.score ?? 0);
      const mine = handedIn(paper) ? (paper.score ?? 0) : null;
      return {
        quizId: String(quiz.id),
        quizName: quiz.name,
        totalScore: quiz.totalScore,
        myScore: mine,
        classAverage: scores.length > 0 ? round2(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
        classMax: scores.length > 0 ? Math.max(...scores) : null,
        myRank: mine === null ? null : 1 + scores.filter((score) => score > mine).length,
        submittedCount: scores.length,
        studentCount: roster.length,
      };
    }),
  };
}
