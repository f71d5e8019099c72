import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import type { AnnounceClassRead } from '@dfrm/sdk/tms';
import { Badge, Group, Text, Tooltip } from '@mantine/core';

/** The classes that see a notice, each with how many of its students read it (from the list row). */
export function NoticeVisibleClasses({ classReads }: { classReads: readonly AnnounceClassRead[] }) {
  if (classReads.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        未设置可见班级
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="wrap">
      {classReads.map(({ teachingClass, viewedNum }) => (
        <Tooltip
          key={teachingClass.teachingClassId}
          label={`${teachingClass.className}：已读 ${viewedNum} / ${teachingClass.studentCount} 人`}
          withinPortal
        >
          <Badge variant="light" color="gray" radius="sm" tt="none" fw={500}>
            {teachingClass.className} · {viewedNum}/{teachingClass.studentCount}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}
