import '@mantine/core/styles/Badge.layer.css';
import type { AnnounceClassRead } from '@dfrm/sdk/tms';
import { Badge, Group, Text } from '@mantine/core';
import { Hint } from '@/components/hint/hint';

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
        <Hint
          key={teachingClass.teachingClassId}
          label={`${teachingClass.className}：已读 ${viewedNum} / ${teachingClass.studentCount} 人`}
        >
          <Badge variant="light" color="gray" radius="sm" tt="none" fw={500}>
            {teachingClass.className} · {viewedNum}/{teachingClass.studentCount}
          </Badge>
        </Hint>
      ))}
    </Group>
  );
}
