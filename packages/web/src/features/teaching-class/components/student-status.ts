import type { StudentStatus } from '@dfrm/sdk/tms';

// specs/tms/common.yaml StudentStatus.
export const STUDENT_STATUS_LABELS: Record<StudentStatus, string> = {
  0: '在读',
  1: '停用',
  2: '休学',
  3: '毕业',
};
export const STUDENT_STATUS_COLORS: Record<StudentStatus, string> = {
  0: 'teal',
  1: 'red',
  2: 'yellow',
  3: 'gray',
};
