import '@mantine/core/styles/Badge.layer.css';
import type { QuizCourseClassStatistics } from '@dfrm/sdk/tms';
import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { tableQueryState } from '@/components/data-table/query-state';
import { LoadError } from '@/components/feedback/load-error';
import { studentQuizClassStatisticsQuery, studentQuizDetailQuery } from '@/features/quiz/api/student-queries';
import { QuizIntro } from '@/features/quiz/components/quiz-card/quiz-intro';
import { formatScore } from '@/features/quiz/student-time';
import { StudentTestDetailSkeleton } from './student-skeletons';

type ClassRow = QuizCourseClassStatistics['items'][number];

/** The detail's loader: the quiz, and its course's class comparison (failures are told on the page). */
export async function loadStudentTestDetail(
  queryClient: QueryClient,
  quizId: string | undefined,
): Promise<void> {
  if (!quizId) return;
  const detail = await queryClient.fetchQuery(studentQuizDetailQuery(quizId)).catch(() => null);
  if (detail) await queryClient.prefetchQuery(studentQuizClassStatisticsQuery(detail.courseId));
}

const score = (value: number | null) => (value === null ? '-' : formatScore(value));
const column = dataTableColumnHelper<ClassRow>();

/**
 * The class page's quiz detail (?id=): the quiz and where the student stands, then every quiz of
 * the course with the student's score against their teaching class (average, best, rank).
 */
export function StudentTestDetailPage({
  quizId,
  courseId,
}: {
  quizId?: string | undefined;
  courseId?: string | undefined;
}) {
  const detail = useQuery({ ...studentQuizDetailQuery(quizId ?? ''), enabled: !!quizId });
  const course = detail.data?.courseId ?? courseId;
  const comparison = useQuery({ ...studentQuizClassStatisticsQuery(course ?? ''), enabled: !!detail.data });

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('quizName', {
          header: '测验',
          enableSorting: false,
          cell: ({ row }) => (
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={row.original.quizId === quizId ? 700 : 400}>
                {row.original.quizName}
              </Text>
              {row.original.quizId === quizId ? (
                <Badge size="xs" variant="light" radius="sm" tt="none">
                  本测验
                </Badge>
              ) : null}
            </Group>
          ),
        }),
        column.accessor('myScore', {
          header: '我的得分',
          enableSorting: false,
          meta: { width: 100 },
          cell: ({ row }) => `${score(row.original.myScore)} / ${formatScore(row.original.totalScore)}`,
        }),
        column.accessor('classAverage', {
          header: '班级平均',
          enableSorting: false,
          meta: { width: 100 },
          cell: ({ getValue }) => score(getValue()),
        }),
        column.accessor('classMax', {
          header: '班级最高',
          enableSorting: false,
          meta: { width: 100 },
          cell: ({ getValue }) => score(getValue()),
        }),
        column.accessor('myRank', {
          header: '我的名次',
          enableSorting: false,
          meta: { width: 100 },
          cell: ({ row }) =>
            row.original.myRank === null ? '-' : `${row.original.myRank} / ${row.original.submittedCount}`,
        }),
        column.accessor('submittedCount', {
          header: '交卷人数',
          enableSorting: false,
          meta: { width: 110 },
          cell: ({ row }) => `${row.original.submittedCount} / ${row.original.studentCount}`,
        }),
      ]),
    [quizId],
  );

  const back = (
    <Anchor
      size="sm"
      c="dimmed"
      renderRoot={(props) => (
        <Link
          {...props}
          to="/teaching-manage/student/test/list"
          search={course ? { courseId: course } : {}}
        />
      )}
    >
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        返回测验列表
      </Group>
    </Anchor>
  );
  if (!quizId)
    return (
      <Stack gap="lg">
        {back}
        <Alert color="yellow" title="没有指定测验">
          请从测验列表中选择一个测验。
        </Alert>
      </Stack>
    );
  if (detail.isPending) return <StudentTestDetailSkeleton />;
  const rows = comparison.data?.items ?? [];
  return (
    <Stack gap="lg">
      {back}
      {detail.isError ? (
        <LoadError title="测验加载失败" error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <QuizIntro quiz={detail.data} headingOrder={2} />
      )}
      {detail.data ? (
        <section aria-labelledby="quiz-class-comparison">
          <Title order={2} fz="h4" id="quiz-class-comparison" mb={4}>
            班级对比
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {comparison.data ? `${comparison.data.className}：` : ''}
            这门课程每个测验中你的得分与教学班已交卷同学的平均分、最高分和你的名次。
          </Text>
          <DataTable
            label="班级测验对比"
            columns={columns}
            data={rows}
            getRowId={(row) => row.quizId}
            rowHeight={48}
            {...tableQueryState(comparison)}
            empty={
              <Text size="sm" c="dimmed">
                这门课程还没有测验。
              </Text>
            }
          />
        </section>
      ) : null}
    </Stack>
  );
}
