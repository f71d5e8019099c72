import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useSchoolId } from '@/shared/session/current-school-id';
import { latestNoticeQuery, unreadNoticeCountQuery } from '@/features/notice/api/notice-queries';
import { formatInstant } from '@/shared/format';
import { NoticeReader, type NoticeReaderTarget } from './notice-reader';

/** The student home's notice corner: unread count, the newest notice (openable), a link to all. */
export function LatestNoticeCard({
  allPath,
}: {
  allPath: '/teaching/student/notice' | '/teaching-manage/student/notice';
}) {
  const schoolId = useSchoolId();
  const latest = useQuery({ ...latestNoticeQuery(schoolId), meta: { silentError: true } });
  const unread = useQuery({ ...unreadNoticeCountQuery(schoolId), meta: { silentError: true } });
  const [open, setOpen] = useState<NoticeReaderTarget | null>(null);

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label="最新通知">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <IconBellRinging size={20} aria-hidden color="var(--mantine-color-brand-6)" />
          <Title order={2} fz="h4">
            最新通知
          </Title>
          {unread.data ? (
            <Badge color="red" radius="sm" aria-label={`${unread.data} 条未读通知`}>
              未读 {unread.data}
            </Badge>
          ) : null}
        </Group>
        <Button component={Link} to={allPath} variant="subtle" size="compact-sm">
          全部通知
        </Button>
      </Group>
      {latest.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="正在加载">
          <Skeleton height={16} width="60%" />
          <Skeleton height={12} />
        </Stack>
      ) : latest.isError ? (
        <Text size="sm" c="red">
          通知读取失败
        </Text>
      ) : latest.data === null ? (
        <Text size="sm" c="dimmed">
          暂无通知
        </Text>
      ) : (
        <div>
          <Button
            variant="transparent"
            p={0}
            h="auto"
            fw={latest.data.viewed ? 500 : 700}
            onClick={() =>
              latest.data &&
              setOpen({
                announceId: latest.data.announceId,
                title: latest.data.title,
                viewed: latest.data.viewed,
              })
            }
          >
            {latest.data.title}
          </Button>
          <Text size="sm" c="dimmed" lineClamp={2} mt={4}>
            {latest.data.summary}
          </Text>
          <Text size="xs" c="dimmed" mt={6}>
            {latest.data.courseName} · {formatInstant(latest.data.publishedAt)}
            {latest.data.viewed ? '' : ' · 未读'}
          </Text>
        </div>
      )}
      <NoticeReader schoolId={schoolId} target={open} onClose={() => setOpen(null)} />
    </Paper>
  );
}
