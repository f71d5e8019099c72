import { and, asc, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { examExaminers, exams } from '../../db/schema/exam';
import { students } from '../../db/schema/school';
import { teachingClasses } from '../../db/schema/teaching';
import { studentInTeachingClass } from '../course/membership';
import { attendStatusOf } from './access';

// Exams in the teaching statistics, counted the way homework is (services/homework/stats.ts):
// only published exams of the scope's courses, one examiner row per student on an exam's list.
// A score rate is score ÷ the exam's total, over attempts whose score is final (已出分).

const nullableNumber = (value: unknown) => (value === null ? null : Number(value));

export interface ExamStatsScope {
  /** Which students, as a condition on a student id (`= 5`, `in (…)`). */
  students: SQL;
  /** Which courses, as a condition on a course id; every exam of the students when left out. */
  courses?: SQL | undefined;
  /** Averages only over scores the student may see by now (a student's own figures). */
  visibleAt?: number | undefined;
}

function fromExaminers(scope: ExamStatsScope, extra: SQL = sql``): SQL {
  const ofCourses = scope.courses ? sql` and ${exams.courseId} ${scope.courses}` : sql``;
  return sql`from ${examExaminers} inner join ${exams} on ${exams.id} = ${examExaminers.examId} where ${exams.upDownStatus} = 1${ofCourses} and ${examExaminers.studentId} ${scope.students}${extra}`;
}

/** Scores final (and, for a student's own figures, already shown to them by the result policy). */
function scoredIn(scope: ExamStatsScope): SQL {
  const final = sql` and ${examExaminers.markStatus} = 1 and ${examExaminers.score} is not null and ${exams.totalScore} > 0`;
  if (scope.visibleAt === undefined) return final;
  return sql`${final} and (${exams.resultPolicy} = 1 or (${exams.resultPolicy} = 2 and ${exams.endTime} <= ${scope.visibleAt}))`;
}

/** The scope's exam places (one per student and exam), and those handed in. */
export function examStats(scope: ExamStatsScope) {
  return {
    examNum: sql<number>`(select count(*) ${fromExaminers(scope)})`.mapWith(Number),
    attendedExamNum:
      sql<number>`(select count(*) ${fromExaminers(scope, sql` and ${examExaminers.attendStatus} = 2`)})`.mapWith(
        Number,
      ),
  };
}

/** The average score rate (score ÷ total, three decimals) of the scope's scored attempts. */
export function avgExamScoreRate(scope: ExamStatsScope) {
  return sql<
    number | null
  >`(select round(avg(${examExaminers.score} / ${exams.totalScore})::numeric, 3) ${fromExaminers(
    scope,
    scoredIn(scope),
  )})`.mapWith(nullableNumber);
}

/** Published exams of the courses meeting `courses`. */
export function countCourseExams(courses: SQL) {
  return sql<number>`(select count(*) from ${exams} where ${exams.upDownStatus} = 1 and ${exams.courseId} ${courses})`.mapWith(
    Number,
  );
}

/**
 * The average score rate of the scored attempts on the published exams of the courses meeting
 * `courses`, overall, or per teaching class of those courses (`byClass`: the class the student is
 * in now), or of one teaching class.
 */
export async function examScoreRates(
  db: Db,
  courses: SQL,
  options: { teachingClassId?: number | undefined } = {},
): Promise<{ overall: number | null; byClass: Map<number, number | null> }> {
  const rate = sql<
    number | null
  >`round(avg(${examExaminers.score} / ${exams.totalScore})::numeric, 3)`.mapWith(nullableNumber);
  const scored = and(
    eq(exams.upDownStatus, 1),
    sql`${exams.courseId} ${courses}`,
    eq(examExaminers.markStatus, 1),
    sql`${examExaminers.score} is not null`,
    gt(exams.totalScore, 0),
  );
  const inClass = (classIds?: number[]) =>
    db
      .select({ teachingClassId: teachingClasses.id, rate })
      .from(examExaminers)
      .innerJoin(exams, eq(exams.id, examExaminers.examId))
      .innerJoin(students, eq(students.id, examExaminers.studentId))
      .innerJoin(teachingClasses, and(eq(teachingClasses.courseId, exams.courseId), studentInTeachingClass()))
      .where(and(scored, classIds ? inArray(teachingClasses.id, classIds) : undefined))
      .groupBy(teachingClasses.id);
  const [overall, perClass] = await Promise.all([
    options.teachingClassId === undefined
      ? db
          .select({ rate })
          .from(examExaminers)
          .innerJoin(exams, eq(exams.id, examExaminers.examId))
          .where(scored)
      : inClass([options.teachingClassId]),
    inClass(),
  ]);
  return {
    overall: overall[0]?.rate ?? null,
    byClass: new Map(perClass.map((row) => [row.teachingClassId, row.rate])),
  };
}

/** Hand-ins of the scope's courses' published exams since `since` (each with its student's account). */
export async function examSubmissionsSince(
  db: Db,
  courses: SQL,
  since: number,
): Promise<{ submitTime: number; userId: number }[]> {
  const rows = await db
    .select({ submitTime: examExaminers.submitTime, userId: examExaminers.userId })
    .from(examExaminers)
    .innerJoin(exams, eq(exams.id, examExaminers.examId))
    .where(
      and(
        eq(exams.upDownStatus, 1),
        sql`${exams.courseId} ${courses}`,
        eq(examExaminers.attendStatus, 2),
        sql`${examExaminers.submitTime} >= ${since}`,
      ),
    );
  return rows.flatMap((row) =>
    row.submitTime === null ? [] : [{ submitTime: row.submitTime, userId: row.userId }],
  );
}

/**
 * A student account's exams still ahead in a school: published, not ended, not handed in. The
 * count, and the first `limit` by start time (those under way first when they started earlier).
 */
export async function pendingExamsOf(db: Db, schoolId: number, userId: number, now: number, limit: number) {
  const where = and(
    eq(examExaminers.userId, userId),
    eq(exams.schoolId, schoolId),
    eq(exams.upDownStatus, 1),
    gt(exams.endTime, now),
    ne(examExaminers.attendStatus, 2),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ exam: exams, examiner: examExaminers })
      .from(examExaminers)
      .innerJoin(exams, eq(exams.id, examExaminers.examId))
      .where(where)
      .orderBy(asc(exams.startTime), asc(exams.id))
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(examExaminers)
      .innerJoin(exams, eq(exams.id, examExaminers.examId))
      .where(where),
  ]);
  return {
    count: total?.n ?? 0,
    first: rows.map(({ exam, examiner }) => ({
      examId: String(exam.id),
      examName: exam.name,
      startTime: exam.startTime,
      endTime: exam.endTime,
      attendStatus: attendStatusOf(examiner, exam, now),
    })),
  };
}
