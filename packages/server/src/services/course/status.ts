/** 0 未开始; 1 进行中; 2 已结束 (tms/course.yaml CourseStatus). */
export type CourseStatus = 0 | 1 | 2;

/** A course's status on a day (YYYY-MM-DD, China time). */
export function courseStatus(startDate: string, endDate: string, today: string): CourseStatus {
  if (today < startDate) return 0;
  if (today > endDate) return 2;
  return 1;
}
