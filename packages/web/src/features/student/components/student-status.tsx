import type { StudentStatus } from '@dfrm/sdk/tms';
import { STUDENT_STATUS_LABELS } from '@/shared/labels';
import classes from './student-status.module.css';

/** What each status means for the student, shown when a teacher changes it (specs/tms/common.yaml). */
export const STATUS_HINTS: Record<StudentStatus, string> = {
  0: '可以登录和选课。',
  1: '账号不能登录，数据保留；当前的登录会立即失效。',
  2: '不能提交作业和参加考试。',
  3: '只能查看，不能再提交。',
};
const STATUS_COLORS: Record<StudentStatus, string> = { 0: 'teal', 1: 'red', 2: 'yellow', 3: 'gray' };

/**
 * The status as a small light badge. A styled span rather than Mantine's Badge: it sits in a
 * cell of every row of long, virtualized student lists, where each mounted component counts.
 */
export function StudentStatusBadge({ status }: { status: StudentStatus }) {
  return (
    <span className={classes.badge} data-color={STATUS_COLORS[status]}>
      {STUDENT_STATUS_LABELS[status]}
    </span>
  );
}
