import '@mantine/core/styles/Badge.layer.css';
import type { StudentWorkStatus } from '@dfrm/sdk/tms';
import { Badge } from '@mantine/core';
import { STUDENT_WORK_STATUS_LABELS } from '@/shared/labels';

const COLORS: Record<StudentWorkStatus, string> = { 0: 'gray', 1: 'blue', 2: 'teal', 3: 'orange' };

/** A hand-in's status: 未提交, 已提交 (waiting for grading), 已批改, 已退回. */
export function WorkStatusBadge({ status }: { status: StudentWorkStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} radius="sm">
      {STUDENT_WORK_STATUS_LABELS[status]}
    </Badge>
  );
}
