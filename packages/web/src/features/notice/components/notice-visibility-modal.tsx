import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import { Alert, Button, Checkbox, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { updateNoticeVisibilityMutation } from '../api/notice-mutations';
import { noticeVisibleClassesQuery } from '../api/notice-queries';

export interface NoticeVisibilityTarget {
  announceId: string;
  title: string;
}

/** 可见范围: which of the course's teaching classes see the notice. */
export function NoticeVisibilityModal({
  schoolId,
  target,
  onClose,
}: {
  schoolId: string;
  target: NoticeVisibilityTarget | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={target !== null} onClose={onClose} title="设置可见范围" centered size="md">
      {target ? <VisibilityForm key={target.announceId} schoolId={schoolId} target={target} onDone={onClose} /> : null}
    </Modal>
  );
}

function VisibilityForm({
  schoolId,
  target,
  onDone,
}: {
  schoolId: string;
  target: NoticeVisibilityTarget;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const classes = useQuery(noticeVisibleClassesQuery(schoolId, target.announceId));
  const [chosen, setChosen] = useState<string[] | null>(null);
  const save = useMutation(updateNoticeVisibilityMutation(queryClient));

  if (classes.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="正在加载">
        <Skeleton height={20} />
        <Skeleton height={20} />
      </Stack>
    );
  }
  if (classes.isError) {
    return (
      <Alert color="red" title="教学班读取失败">
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void classes.refetch()}>
          重试
        </Button>
      </Alert>
    );
  }
  const value = chosen ?? classes.data.filter((item) => item.visible).map((item) => item.teachingClass.teachingClassId);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        选择能看到“{target.title}”的教学班。新加入的班级的学生会收到未读提醒；被取消的班级将看不到这条通知。
      </Text>
      {classes.data.length === 0 ? (
        <Text size="sm">这门课程还没有教学班。</Text>
      ) : (
        <Checkbox.Group label="可见教学班" value={value} onChange={setChosen}>
          <Stack gap="xs" mt="xs">
            {classes.data.map((item) => (
              <Checkbox
                key={item.teachingClass.teachingClassId}
                value={item.teachingClass.teachingClassId}
                label={`${item.teachingClass.className}（${item.teachingClass.studentCount} 人${
                  item.visible ? `，已读 ${item.viewedNum} 人` : ''
                }）`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          取消
        </Button>
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { schoolId, announceId: target.announceId, teachingClassIds: value },
              {
                onSuccess: () => {
                  notifications.show({ color: 'teal', message: '可见范围已更新' });
                  onDone();
                },
              },
            )
          }
        >
          保存
        </Button>
      </Group>
    </Stack>
  );
}
