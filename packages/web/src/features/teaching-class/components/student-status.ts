import type { StudentStatus } from '@dfrm/sdk/tms';

export const STUDENT_STATUS_COLORS: Record<StudentStatus, string> = {
  0: 'teal',
  1: 'red',
  2: 'yellow',
  3: 'gray',
};
