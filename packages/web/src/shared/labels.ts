import type {
  AnnounceStatus,
  CourseStatus,
  CourseWorkGroupMode,
  CourseWorkPublishStatus,
  CourseWorkScoreStatus,
  QuizPaperStatus,
  QuizQuestionType,
  QuizStatus,
  SchoolRole,
  StudentGender,
  StudentStatus,
  WorkGroupType,
  StudentWorkStatus,
} from '@dfrm/sdk/tms';

// Chinese names of the spec's enums, keyed by the SDK's generated types: a value the spec adds
// fails to compile here until it has a name. labels.test.ts checks each name against the
// enum's description in the spec.

/** specs/tms/common.yaml SchoolRole. */
export const ROLE_LABELS: Record<SchoolRole, string> = {
  teacher: '教师',
  student: '学生',
  schoolManager: '学校管理员',
};

/** specs/tms/course.yaml CourseStatus. */
export const COURSE_STATUS_LABELS: Record<CourseStatus, string> = { 0: '未开始', 1: '进行中', 2: '已结束' };

/** specs/tms/common.yaml StudentStatus. */
export const STUDENT_STATUS_LABELS: Record<StudentStatus, string> = {
  0: '在读',
  1: '停用',
  2: '休学',
  3: '毕业',
};

/** Every student status, in the spec's order. */
export const STUDENT_STATUSES = Object.keys(STUDENT_STATUS_LABELS).map(Number) as StudentStatus[];

/** specs/tms/student.yaml StudentGender. */
export const STUDENT_GENDER_LABELS: Record<StudentGender, string> = { 0: '未知', 1: '男', 2: '女' };

/** specs/tms/announce.yaml AnnounceStatus. */
export const ANNOUNCE_STATUS_LABELS: Record<AnnounceStatus, string> = { 0: '草稿', 1: '已发布' };

/** specs/tms/course-work.yaml CourseWorkPublishStatus. */
export const COURSE_WORK_PUBLISH_STATUS_LABELS: Record<CourseWorkPublishStatus, string> = {
  0: '草稿',
  1: '已发布',
};

/** specs/tms/course-work.yaml CourseWorkScoreStatus. */
export const COURSE_WORK_SCORE_STATUS_LABELS: Record<CourseWorkScoreStatus, string> = {
  0: '未公布',
  1: '已公布',
};

/** specs/tms/course-work.yaml CourseWorkGroupMode. */
export const COURSE_WORK_GROUP_MODE_LABELS: Record<CourseWorkGroupMode, string> = {
  0: '个人作业',
  1: '小组作业',
};

/** specs/tms/course-work.yaml WorkGroupType. */
export const WORK_GROUP_TYPE_LABELS: Record<WorkGroupType, string> = {
  0: '教师指定',
  1: '系统随机',
  2: '学生自由组队',
};

/** specs/tms/course-work.yaml StudentWorkStatus. */
export const STUDENT_WORK_STATUS_LABELS: Record<StudentWorkStatus, string> = {
  0: '未提交',
  1: '已提交',
  2: '已批改',
  3: '已退回',
};

/** specs/tms/quiz.yaml QuizStatus. */
export const QUIZ_STATUS_LABELS: Record<QuizStatus, string> = { 0: '草稿', 1: '已发布', 2: '已结束' };

/** specs/tms/quiz.yaml QuizPaperStatus (1 handed in by the student, 2 by the system at the deadline). */
export const QUIZ_PAPER_STATUS_LABELS: Record<QuizPaperStatus, string> = {
  0: '答题中',
  1: '已交卷',
  2: '已交卷',
};

/** specs/tms/quiz.yaml QuizQuestionType. */
export const QUIZ_QUESTION_TYPE_LABELS: Record<QuizQuestionType, string> = {
  1: '单选',
  2: '多选',
  3: '判断',
  4: '填空',
};
