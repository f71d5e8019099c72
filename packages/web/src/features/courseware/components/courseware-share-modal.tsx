import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { updateCoursewareSharesMutation } from '@/features/courseware/api/courseware-mutations';
import { coursewareSharesQuery } from '@/features/courseware/api/courseware-queries';
import { ClassChoiceForm } from '@/components/class-choice/class-choice-form';

export interface CoursewareShareTarget {
  courseWareId: string;
  courseWareName: string;
}

/** 共享: which of the teacher's teaching classes (any course) can see and download the courseware. */
export function CoursewareShareModal({
  schoolId,
  target,
  onClose,
}: {
  schoolId: string;
  target: CoursewareShareTarget | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={target !== null} onClose={onClose} title="共享课件" centered size="md">
      {target ? (
        <ShareForm key={target.courseWareId} schoolId={schoolId} target={target} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

function ShareForm({
  schoolId,
  target,
  onDone,
}: {
  schoolId: string;
  target: CoursewareShareTarget;
  onDone: () => void;
}) {
  const shares = useQuery(coursewareSharesQuery(schoolId, target.courseWareId));
  const save = useMutation(updateCoursewareSharesMutation());
  return (
    <ClassChoiceForm
      query={shares}
      read={(items) => ({
        options: items.map((item) => ({
          value: item.teachingClass.teachingClassId,
          label: `${item.courseName} · ${item.teachingClass.className}（${item.teachingClass.studentCount} 人）`,
          group: item.courseName,
        })),
        chosen: items.filter((item) => item.shared).map((item) => item.teachingClass.teachingClassId),
      })}
      intro={`勾选的教学班的学生可以在“课程课件”中查看并下载“${target.courseWareName}”。`}
      label="共享给教学班"
      empty="你还没有任教的教学班。"
      saving={save.isPending}
      onCancel={onDone}
      onSave={(teachingClassIds) =>
        save.mutate(
          { schoolId, courseWareId: target.courseWareId, teachingClassIds },
          {
            onSuccess: () => {
              notifications.show({
                color: 'teal',
                message:
                  teachingClassIds.length > 0
                    ? `已共享给 ${teachingClassIds.length} 个教学班`
                    : '已取消全部共享',
              });
              onDone();
            },
          },
        )
      }
    />
  );
}
