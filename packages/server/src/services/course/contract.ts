// The contract's shapes (from the SDK's generated zod schemas) that the course services take and answer.
import type * as z from 'zod/mini';
import type {
  zClassStudentQuery,
  zCourseBrief,
  zCourseClassStudentPage,
  zCourseClassStudentQuery,
  zCourseDeleted,
  zCourseItem,
  zCourseListQuery,
  zCourseListV2Query,
  zCoursePage,
  zCourseSave,
  zCourseSaveV2,
  zCourseSection,
  zCourseSectionClearResult,
  zCourseSectionImportError,
  zCourseSectionImportResult,
  zCourseSectionSet,
  zCourseStaticTotal,
  zCourseStaticTotalV2,
  zCourseStudentNum,
  zCourseStudentNumV2,
  zCourseStudentPage,
  zCourseSummary,
  zCourseSummaryQuery,
  zCourseTeachingClass,
  zCourseV2Page,
  zMyCourseItem,
  zMyCourseQuery,
  zMyCourseV2Item,
  zMyCourseV2Page,
  zMyCourseV2Query,
  zSchoolClass,
  zSchoolClassQuery,
  zStudentBrief,
  zStudentCourseTableItem,
  zStudentRecentCourse,
  zTeacherCourseTableItem,
  zTeacherRecentCourse,
  zTeachingClassBrief,
  zTeachingCourse,
  zUserSchools,
  zUsersSchoolsRequest,
} from '@dfrm/sdk/tms/zod';

export type ClassStudentQuery = z.output<typeof zClassStudentQuery>;
export type CourseBrief = z.output<typeof zCourseBrief>;
export type CourseClassStudentPage = z.output<typeof zCourseClassStudentPage>;
export type CourseClassStudentQuery = z.output<typeof zCourseClassStudentQuery>;
export type CourseDeleted = z.output<typeof zCourseDeleted>;
export type CourseItem = z.output<typeof zCourseItem>;
export type CourseListQuery = z.output<typeof zCourseListQuery>;
export type CourseListV2Query = z.output<typeof zCourseListV2Query>;
export type CoursePage = z.output<typeof zCoursePage>;
export type CourseSave = z.output<typeof zCourseSave>;
export type CourseSaveV2 = z.output<typeof zCourseSaveV2>;
export type CourseSection = z.output<typeof zCourseSection>;
export type CourseSectionClearResult = z.output<typeof zCourseSectionClearResult>;
export type CourseSectionImportError = z.output<typeof zCourseSectionImportError>;
export type CourseSectionImportResult = z.output<typeof zCourseSectionImportResult>;
export type CourseSectionSet = z.output<typeof zCourseSectionSet>;
export type CourseStaticTotal = z.output<typeof zCourseStaticTotal>;
export type CourseStaticTotalV2 = z.output<typeof zCourseStaticTotalV2>;
export type CourseStudentNum = z.output<typeof zCourseStudentNum>;
export type CourseStudentNumV2 = z.output<typeof zCourseStudentNumV2>;
export type CourseStudentPage = z.output<typeof zCourseStudentPage>;
export type CourseSummary = z.output<typeof zCourseSummary>;
export type CourseSummaryQuery = z.output<typeof zCourseSummaryQuery>;
export type CourseTeachingClass = z.output<typeof zCourseTeachingClass>;
export type CourseV2Page = z.output<typeof zCourseV2Page>;
export type MyCourseItem = z.output<typeof zMyCourseItem>;
export type MyCourseQuery = z.output<typeof zMyCourseQuery>;
export type MyCourseV2Item = z.output<typeof zMyCourseV2Item>;
export type MyCourseV2Page = z.output<typeof zMyCourseV2Page>;
export type MyCourseV2Query = z.output<typeof zMyCourseV2Query>;
export type SchoolClass = z.output<typeof zSchoolClass>;
export type SchoolClassQuery = z.output<typeof zSchoolClassQuery>;
export type StudentBrief = z.output<typeof zStudentBrief>;
export type StudentCourseTableItem = z.output<typeof zStudentCourseTableItem>;
export type StudentRecentCourse = z.output<typeof zStudentRecentCourse>;
export type TeacherCourseTableItem = z.output<typeof zTeacherCourseTableItem>;
export type TeacherRecentCourse = z.output<typeof zTeacherRecentCourse>;
export type TeachingClassBrief = z.output<typeof zTeachingClassBrief>;
export type TeachingCourse = z.output<typeof zTeachingCourse>;
export type UserSchools = z.output<typeof zUserSchools>;
export type UsersSchoolsRequest = z.output<typeof zUsersSchoolsRequest>;
