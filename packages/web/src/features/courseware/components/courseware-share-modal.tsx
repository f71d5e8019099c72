import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import type { CourseWareShareItem } from '@dfrm/sdk/tms';
import { Alert, Button, Checkbox, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../app/error-notifications';
import { updateCoursewareSharesMutation } from '../api/courseware-mutations';
import { coursewareSharesQuery } from '../api/courseware-queries';

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
      {target ? <ShareForm key={target.courseWareId} schoolId={schoolId} target={target} onDone={onClose} /> : null}
    </Modal>
  );
}

function byCourse(items: readonly CourseWareShareItem[]): [string, CourseWareShareItem[]][] {
  const groups = new Map<string, CourseWareShareItem[]>();
  for (const item of items) {
    const group = groups.get(item.courseName) ?? [];
    group.push(item);
    groups.set(item.courseName, group);
  }
  return [...groups];
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
  const queryClient = useQueryClient();
  const shares = useQuery(coursewareSharesQuery(schoolId, target.courseWareId));
  const [chosen, setChosen] = useState<string[] | null>(null);
  const save = useMutation(updateCoursewareSharesMutation(queryClient));

  if (shares.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="正在加载">
        <Skeleton height={20} />
        <Skeleton height={20} />
      </Stack>
    );
  }
  if (shares.isError) {
    return (
      <Alert color="red" title="教学班读取失败">
        <Text size="sm">{errorMessage(shares.error)}</Text>
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void shares.refetch()}>
          重试
        </Button>
      </Alert>
    );
  }
  const value = chosen ?? shares.data.filter((item) => item.shared).map((item) => item.teachingClass.teachingClassId);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        勾选的教学班的学生可以在“课程课件”中查看并下载“{target.courseWareName}”。
      </Text>
      {shares.data.length === 0 ? (
        <Text size="sm">你还没有任教的教学班。</Text>
      ) : (
        <Checkbox.Group label="共享给教学班" value={value} onChange={setChosen}>
          <Stack gap="sm" mt="xs">
            {byCourse(shares.data).map(([courseName, items]) => (
              <div key={courseName}>
                <Text size="xs" c="dimmed" fw={600} mb={6}>
                  {courseName}
                </Text>
                <Stack gap={6}>
                  {items.map((item) => (
                    <Checkbox
                      key={item.teachingClass.teachingClassId}
                      value={item.teachingClass.teachingClassId}
                      label={`${courseName} · ${item.teachingClass.className}（${item.teachingClass.studentCount} 人）`}
                    />
                  ))}
                </Stack>
              </div>
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
              { schoolId, courseWareId: target.courseWareId, teachingClassIds: value },
              {
                onSuccess: () => {
                  notifications.show({
                    color: 'teal',
                    message: value.length > 0 ? `已共享给 ${value.length} 个教学班` : '已取消全部共享',
                  });
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
