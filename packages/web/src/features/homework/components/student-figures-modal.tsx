import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Table.layer.css';
import type { StatisticsStudentDataItem } from '@dfrm/sdk/tms';
import { Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useId } from 'react';
import { LoadError } from '@/components/feedback/load-error';
import { studentCourseDataQuery } from '@/features/homework/api/stats-queries';
import { FIGURE_LABELS, formatMinutes, formatRate } from '@/features/homework/stats-format';
import { formatInstant } from '@/shared/format';
import { FigureList } from './figure-list';
import { ScrollBox } from '@/components/chart/scroll-box';

export interface StudentFiguresTarget {
  student: StatisticsStudentDataItem;
  startDate: string;
  endDate: string;
}

/**
 * One student's figures over the range (the row of the list), then course by course: the same
 * operation asked once per course of the teacher's, each answer keeping this student's rows.
 */
export function StudentFiguresModal({
  schoolId,
  courses,
  target,
  onClose,
}: {
  schoolId: string;
  courses: readonly { courseId: string; courseName: string }[];
  target: StudentFiguresTarget | null;
  onClose: () => void;
}) {
  const perCourse = useQueries({
    queries: target
      ? courses.map((course) =>
          studentCourseDataQuery({
            schoolId,
            courseId: course.courseId,
            studentNumber: target.student.studentNumber,
            startDate: target.startDate,
            endDate: target.endDate,
          }),
        )
      : [],
  });
  const student = target?.student;
  const coursesId = useId();
  const failed = perCourse.find((query) => query.isError);
  const loading = perCourse.some((query) => query.isPending);
  const rows = courses.flatMap((course, index) =>
    (perCourse[index]?.data?.list ?? [])
      .filter((row) => row.studentId === student?.studentId)
      .map((row, at) => ({ key: `${course.courseId}:${at}`, courseName: course.courseName, row })),
  );

  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      size="xl"
      title={student ? `${student.studentName}（${student.studentNumber}）的学习数据` : ''}
      closeButtonProps={{ 'aria-label': '关闭' }}
    >
      {student && target ? (
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            {student.className} · 学习时长统计区间 {target.startDate} 至 {target.endDate}
          </Text>
          <FigureList
            compact
            cols={{ base: 2, sm: 3 }}
            figures={[
              {
                label: '作业',
                value: `${student.workSubmittedCount} / ${student.workTotalCount}`,
                note: `${FIGURE_LABELS.submitted} / ${FIGURE_LABELS.expected}`,
              },
              { label: FIGURE_LABELS.submitRate, value: formatRate(student.workSubmitRate) },
              {
                label: FIGURE_LABELS.averageScoreRate,
                value: formatRate(student.averageWorkScoreRate),
                note: '已批改作业，含未公布的成绩',
              },
              { label: '学习时长', value: formatMinutes(student.studyMinutes) },
              { label: '最近活跃', value: formatInstant(student.lastActiveAt, '—') },
            ]}
          />
          <div>
            <Text fw={600} size="sm" mb="xs" id={coursesId}>
              各课程
            </Text>
            {failed ? (
              <LoadError
                title="各课程数据加载失败"
                error={failed.error}
                onRetry={() => void failed.refetch()}
              />
            ) : loading ? (
              <Skeleton height={120} radius="md" />
            ) : rows.length === 0 ? (
              <Text size="sm" c="dimmed">
                这名学生不在你的课程中。
              </Text>
            ) : (
              <ScrollBox label="各课程">
                <Table fz="sm" striped aria-labelledby={coursesId} miw={640}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">课程</Table.Th>
                      <Table.Th scope="col" ta="right">
                        {FIGURE_LABELS.submitted} / {FIGURE_LABELS.expected}
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        {FIGURE_LABELS.submitRate}
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        {FIGURE_LABELS.averageScoreRate}
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        学习时长
                      </Table.Th>
                      <Table.Th scope="col">最近活跃</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map(({ key, courseName, row }) => (
                      <Table.Tr key={key}>
                        <Table.Th scope="row" fw={500}>
                          {courseName}
                        </Table.Th>
                        <Table.Td ta="right">
                          {row.workSubmittedCount} / {row.workTotalCount}
                        </Table.Td>
                        <Table.Td ta="right">{formatRate(row.workSubmitRate)}</Table.Td>
                        <Table.Td ta="right">{formatRate(row.averageWorkScoreRate)}</Table.Td>
                        <Table.Td ta="right">{formatMinutes(row.studyMinutes)}</Table.Td>
                        <Table.Td>{formatInstant(row.lastActiveAt, '—')}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollBox>
            )}
          </div>
        </Stack>
      ) : null}
    </Modal>
  );
}
