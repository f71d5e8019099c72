import type { StudentGender, StudentStatus } from '@dfrm/sdk/tms';
import classes from './student-status.module.css';

// specs/tms/common.yaml StudentStatus and specs/tms/student.yaml StudentGender.
export const STATUS_LABELS: Record<StudentStatus, string> = { 0: '在读', 1: '停用', 2: '休学', 3: '毕业' };
export const STATUS_HINTS: Record<StudentStatus, string> = {
  0: '可以登录和选课。',
  1: '账号不能登录，数据保留；当前的登录会立即失效。',
  2: '不能提交作业和参加考试。',
  3: '只能查看，不能再提交。',
};
const STATUS_COLORS: Record<StudentStatus, string> = { 0: 'teal', 1: 'red', 2: 'yellow', 3: 'gray' };
export const STATUSES: readonly StudentStatus[] = [0, 1, 2, 3];

export const GENDER_LABELS: Record<StudentGender, string> = { 0: '未知', 1: '男', 2: '女' };

/**
 * The status as a small light badge. A styled span rather than Mantine's Badge: it sits in a
 * cell of every row of long, virtualized student lists, where each mounted component counts.
 */
export function StudentStatusBadge({ status }: { status: StudentStatus }) {
  return (
    <span className={classes.badge} data-color={STATUS_COLORS[status]}>
      {STATUS_LABELS[status]}
    </span>
  );
}
