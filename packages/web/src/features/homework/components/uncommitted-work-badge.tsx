import '@mantine/core/styles/Badge.layer.css';
import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { uncommittedWorkQuery } from '@/features/homework/api/my-work-queries';

/**
 * How many works the student can still hand in before their deadline, for a navigation entry;
 * nothing when none. A failed count is left out rather than announced on every page.
 */
export default function UncommittedWorkBadge({ schoolId }: { schoolId: string }) {
  const { data } = useQuery({ ...uncommittedWorkQuery(schoolId), meta: { silentError: true } });
  if (!data?.unCommitWorkNum) return null;
  const count = data.unCommitWorkNum;
  return (
    <Badge size="sm" color="red" radius="xl" px={6} aria-label={`${count} 份作业待提交`}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
