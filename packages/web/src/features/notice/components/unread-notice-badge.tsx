import '@mantine/core/styles/Badge.layer.css';
import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unreadNoticeCountQuery } from '@/features/notice/api/notice-queries';

/**
 * The student's unread notice count for a navigation entry; nothing when all
 * are read. A failed count is left out rather than announced on every page.
 */
export default function UnreadNoticeBadge({ schoolId }: { schoolId: string }) {
  const { data } = useQuery({ ...unreadNoticeCountQuery(schoolId), meta: { silentError: true } });
  if (!data) return null;
  return (
    <Badge
      size="sm"
      color="red"
      radius="xl"
      px={6}
      aria-label={`${data} 条未读通知`}
      data-testid="unread-notice-badge"
    >
      {data > 99 ? '99+' : data}
    </Badge>
  );
}
