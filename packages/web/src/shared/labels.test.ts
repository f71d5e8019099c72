import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ANNOUNCE_STATUS_LABELS,
  COURSE_STATUS_LABELS,
  COURSE_WORK_GROUP_MODE_LABELS,
  COURSE_WORK_PUBLISH_STATUS_LABELS,
  COURSE_WORK_SCORE_STATUS_LABELS,
  QUIZ_PAPER_STATUS_LABELS,
  QUIZ_QUESTION_TYPE_LABELS,
  QUIZ_STATUS_LABELS,
  ROLE_LABELS,
  STUDENT_GENDER_LABELS,
  STUDENT_STATUS_LABELS,
  STUDENT_STATUSES,
  WORK_GROUP_TYPE_LABELS,
  STUDENT_WORK_STATUS_LABELS,
} from './labels';

// The SDK's generated types carry each enum's description from the spec as their doc comment.
const generated = readFileSync(path.resolve(__dirname, '../../../sdk/src/gen/tms/types.gen.ts'), 'utf8');

function specDescription(typeName: string): string {
  const match = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*export type ${typeName} = ([^;]+);`).exec(
    generated,
  );
  if (!match) throw new Error(`${typeName} not found in the generated types`);
  return match[1]!.replace(/\s*\*\s*/g, ' ');
}

function specValues(typeName: string): string[] {
  const match = new RegExp(`export type ${typeName} = ([^;]+);`).exec(generated);
  return match![1]!.split('|').map((value) => value.trim().replace(/^'|'$/g, ''));
}

describe('labels of the spec enums', () => {
  it.each([
    ['SchoolRole', ROLE_LABELS],
    ['CourseStatus', COURSE_STATUS_LABELS],
    ['StudentStatus', STUDENT_STATUS_LABELS],
    ['StudentGender', STUDENT_GENDER_LABELS],
    ['AnnounceStatus', ANNOUNCE_STATUS_LABELS],
    ['CourseWorkPublishStatus', COURSE_WORK_PUBLISH_STATUS_LABELS],
    ['CourseWorkScoreStatus', COURSE_WORK_SCORE_STATUS_LABELS],
    ['CourseWorkGroupMode', COURSE_WORK_GROUP_MODE_LABELS],
    ['WorkGroupType', WORK_GROUP_TYPE_LABELS],
    ['StudentWorkStatus', STUDENT_WORK_STATUS_LABELS],
    ['QuizStatus', QUIZ_STATUS_LABELS],
    ['QuizPaperStatus', QUIZ_PAPER_STATUS_LABELS],
    ['QuizQuestionType', QUIZ_QUESTION_TYPE_LABELS],
  ] as const)('names every %s value as the spec describes it', (typeName, labels) => {
    const description = specDescription(typeName);
    expect(Object.keys(labels).sort()).toEqual(specValues(typeName).sort());
    for (const [value, label] of Object.entries(labels)) expect(description).toContain(`${value} ${label}`);
  });

  it('lists the student statuses in order', () => {
    expect(STUDENT_STATUSES).toEqual([0, 1, 2, 3]);
  });
});
