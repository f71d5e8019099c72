import { Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { noticeKeys, viewNoticeQuery } from '@/features/notice/api/notice-queries';
import { formatInstant } from '@/shared/format';
import { LoadError } from '@/components/feedback/load-error';

export interface NoticeReaderTarget {
  announceId: string;
  title: string;
  /** Read before: opening it changes no count. */
  viewed: boolean;
}

/**
 * A notice opened by a student. Reading it is what marks it read on the
 * server, so once it arrives the lists and the unread count are refreshed.
 */
export function NoticeReader({
  schoolId,
  target,
  onClose,
  onRead,
}: {
  schoolId: string;
  target: NoticeReaderTarget | null;
  onClose: () => void;
  /** Called once the server has marked a previously unread notice read. */
  onRead?: () => void;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.title}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': '关闭' }}
    >
      {target ? (
        <NoticeBody
          key={target.announceId}
          schoolId={schoolId}
          target={target}
          {...(onRead ? { onRead } : {})}
        />
      ) : null}
    </Modal>
  );
}

function NoticeBody({
  schoolId,
  target,
  onRead,
}: {
  schoolId: string;
  target: NoticeReaderTarget;
  onRead?: () => void;
}) {
  const queryClient = useQueryClient();
  const notice = useQuery({ ...viewNoticeQuery(schoolId, target.announceId), meta: { silentError: true } });
  const arrived = notice.isSuccess;

  useEffect(() => {
    if (!arrived || target.viewed) return;
    void queryClient.invalidateQueries({ queryKey: noticeKeys.student });
    onRead?.();
    // Once per opened notice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrived]);

  if (notice.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="正在加载">
        <Skeleton height={14} width="40%" />
        <Skeleton height={14} />
        <Skeleton height={14} />
        <Skeleton height={14} width="70%" />
      </Stack>
    );
  }
  if (notice.isError) {
    return <LoadError title="通知打开失败" error={notice.error} onRetry={() => void notice.refetch()} />;
  }
  const data = notice.data;
  const teacher = data.publisher.realName || data.publisher.userName;
  return (
    <Stack gap="md">
      <Group gap="md" c="dimmed">
        <Text size="sm">{data.courseName}</Text>
        <Text size="sm">发布人：{teacher}</Text>
        <Text size="sm">发布时间：{formatInstant(data.publishedAt)}</Text>
      </Group>
      <RichTextView html={data.content} label="通知正文" />
    </Stack>
  );
}
