import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { updateNoticeVisibilityMutation } from '@/features/notice/api/notice-mutations';
import { noticeVisibleClassesQuery } from '@/features/notice/api/notice-queries';
import { ClassChoiceForm } from '@/components/class-choice/class-choice-form';

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
      {target ? (
        <VisibilityForm key={target.announceId} schoolId={schoolId} target={target} onDone={onClose} />
      ) : null}
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
  const classes = useQuery(noticeVisibleClassesQuery(schoolId, target.announceId));
  const save = useMutation(updateNoticeVisibilityMutation());
  return (
    <ClassChoiceForm
      query={classes}
      read={(items) => ({
        options: items.map((item) => ({
          value: item.teachingClass.teachingClassId,
          label: `${item.teachingClass.className}（${item.teachingClass.studentCount} 人${
            item.visible ? `，已读 ${item.viewedNum} 人` : ''
          }）`,
        })),
        chosen: items.filter((item) => item.visible).map((item) => item.teachingClass.teachingClassId),
      })}
      intro={`选择能看到“${target.title}”的教学班。新加入的班级的学生会收到未读提醒；被取消的班级将看不到这条通知。`}
      label="可见教学班"
      empty="这门课程还没有教学班。"
      saving={save.isPending}
      onCancel={onDone}
      onSave={(teachingClassIds) =>
        save.mutate(
          { schoolId, announceId: target.announceId, teachingClassIds },
          {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: '可见范围已更新' });
              onDone();
            },
          },
        )
      }
    />
  );
}
