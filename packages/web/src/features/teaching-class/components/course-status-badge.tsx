import '@mantine/core/styles/Badge.layer.css';
import type { CourseStatus } from '@dfrm/sdk/tms';
import { Badge } from '@mantine/core';
import { COURSE_STATUS_LABELS } from '@/shared/labels';

const COLORS: Record<CourseStatus, string> = { 0: 'gray', 1: 'teal', 2: 'orange' };

export function CourseStatusBadge({ status }: { status: CourseStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} size="sm" radius="sm">
      {COURSE_STATUS_LABELS[status]}
    </Badge>
  );
}
