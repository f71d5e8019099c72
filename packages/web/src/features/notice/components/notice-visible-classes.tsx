import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import { Badge, Group, Skeleton, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { noticeVisibleClassesQuery } from '../api/notice-queries';

/**
 * The classes that see a notice, each with how many of its students read it
 * (getAnnounceVisibleList: the list row itself only has totals).
 */
export function NoticeVisibleClasses({ schoolId, announceId }: { schoolId: string; announceId: string }) {
  const { data, isPending, isError } = useQuery({
    ...noticeVisibleClassesQuery(schoolId, announceId),
    // A broken cell is shown as such; one toast per row would drown the page.
    meta: { silentError: true },
  });
  if (isPending) return <Skeleton height={18} width="80%" radius="sm" />;
  if (isError) {
    return (
      <Text size="xs" c="red">
        读取失败
      </Text>
    );
  }
  const visible = data.filter((item) => item.visible);
  if (visible.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        未设置可见班级
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="wrap">
      {visible.map((item) => (
        <Tooltip
          key={item.teachingClass.teachingClassId}
          label={`${item.teachingClass.className}：已读 ${item.viewedNum} / ${item.teachingClass.studentCount} 人`}
          withinPortal
        >
          <Badge variant="light" color="gray" radius="sm" tt="none" fw={500}>
            {item.teachingClass.className} · {item.viewedNum}/{item.teachingClass.studentCount}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}
