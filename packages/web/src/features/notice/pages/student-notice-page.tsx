import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import type { StudentAnnounce } from '@dfrm/sdk/tms';
import {
  Badge,
  Container,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSchoolId } from '@/shared/session/current-school-id';
import { NOTICE_PAGE_SIZE, studentNoticeListQuery } from '@/features/notice/api/notice-queries';
import { NoticeReader, type NoticeReaderTarget } from '@/features/notice/components/notice-reader';
import { formatInstant } from '@/shared/format';
import classes from './student-notice-page.module.css';
import { LoadError } from '@/components/feedback/load-error';
import { ListPagination } from '@/components/feedback/list-pagination';
import { PageHeader } from '@/components/page/page-header';
import { SegmentedChoice } from '@/components/segmented-choice/segmented-choice';

type ReadFilter = 'all' | 'unread' | 'read';
const VIEWED: Record<ReadFilter, boolean | undefined> = { all: undefined, unread: false, read: true };

export interface StudentNoticePageProps {
  /** Only this course's notices (the class-detail tab); all courses without it. */
  courseId?: string | undefined;
  /** Inside a class-detail frame that already names the course. */
  embedded?: boolean;
  /** A notice went from unread to read (callers refresh their own counts). */
  onRead?: () => void;
}

/** 课程通知 for a student: published notices of their classes, unread first in weight, opened in place. */
export function StudentNoticePage({ courseId, embedded = false, onRead }: StudentNoticePageProps) {
  const schoolId = useSchoolId();
  const [filter, setFilter] = useState<ReadFilter>('all');
  const [pageIndex, setPageIndex] = useState(1);
  const list = useQuery(studentNoticeListQuery({ schoolId, courseId, viewed: VIEWED[filter], pageIndex }));
  const [open, setOpen] = useState<NoticeReaderTarget | null>(null);

  const total = list.data?.total ?? 0;

  const content = (
    <Stack gap="lg">
      <PageHeader
        title="课程通知"
        description="老师发布给你所在教学班的通知。"
        embedded={embedded}
        badge={
          list.data && list.data.unViewNum > 0 ? (
            <Badge color="red" radius="sm" aria-label={`未读 ${list.data.unViewNum} 条`}>
              未读 {list.data.unViewNum}
            </Badge>
          ) : null
        }
        actions={
          <SegmentedChoice
            label="按阅读状态筛选"
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPageIndex(1);
            }}
            data={[
              { value: 'all', label: '全部' },
              { value: 'unread', label: '未读' },
              { value: 'read', label: '已读' },
            ]}
          />
        }
      />

      {list.isError ? (
        <LoadError title="通知加载失败" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <NoticeListSkeleton />
      ) : list.data.list.length === 0 ? (
        <Paper withBorder radius="lg" py={40}>
          <EmptyState
            icon={<IconBellRinging size={28} aria-hidden />}
            variant="light"
            title={filter === 'unread' ? '没有未读通知' : '暂无通知'}
            description={filter === 'unread' ? '通知都读过了。' : '老师发布通知后会显示在这里。'}
          />
        </Paper>
      ) : (
        <ul className={classes.list} aria-label="通知列表" aria-busy={list.isFetching || undefined}>
          {list.data.list.map((notice) => (
            <NoticeRow
              key={notice.announceId}
              notice={notice}
              showCourse={!courseId}
              onOpen={() =>
                setOpen({ announceId: notice.announceId, title: notice.title, viewed: notice.viewed })
              }
            />
          ))}
        </ul>
      )}

      <ListPagination
        end
        total={total}
        pageSize={NOTICE_PAGE_SIZE}
        page={pageIndex}
        onChange={setPageIndex}
      />

      <NoticeReader
        schoolId={schoolId}
        target={open}
        onClose={() => setOpen(null)}
        {...(onRead ? { onRead } : {})}
      />
    </Stack>
  );
  return embedded ? (
    content
  ) : (
    <Container size="xl" py="md">
      {content}
    </Container>
  );
}

function NoticeRow({
  notice,
  showCourse,
  onOpen,
}: {
  notice: StudentAnnounce;
  showCourse: boolean;
  onOpen: () => void;
}) {
  const teacher = notice.publisher.realName || notice.publisher.userName;
  return (
    <li>
      <UnstyledButton className={classes.row} data-unread={!notice.viewed || undefined} onClick={onOpen}>
        {/* the row is named by what it shows (its title first), so the name contains the visible text */}
        <span className={classes.dot} aria-hidden />
        {notice.viewed ? null : <VisuallyHidden>未读 </VisuallyHidden>}
        <div className={classes.body}>
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Text fw={notice.viewed ? 500 : 700} truncate>
              {notice.title}
            </Text>
            <Text size="xs" c="dimmed" className={classes.time}>
              {formatInstant(notice.publishedAt)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" lineClamp={1} mt={2}>
            {notice.summary}
          </Text>
          <Group gap="xs" mt={6}>
            {showCourse ? (
              <Badge variant="light" color="brand" radius="sm" tt="none" fw={500}>
                {notice.courseName}
              </Badge>
            ) : null}
            <Text size="xs" c="dimmed">
              {teacher}
            </Text>
            <Text size="xs" c={notice.viewed ? 'dimmed' : 'red'} fw={notice.viewed ? 400 : 600}>
              {notice.viewed ? '已读' : '未读'}
            </Text>
          </Group>
        </div>
      </UnstyledButton>
    </li>
  );
}

export function NoticeListSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="正在加载">
      {[0, 1, 2].map((key) => (
        <Paper key={key} withBorder radius="md" p="md">
          <Skeleton height={16} width="45%" />
          <Skeleton height={12} width="80%" mt="sm" />
          <Skeleton height={12} width="25%" mt="sm" />
        </Paper>
      ))}
    </Stack>
  );
}
