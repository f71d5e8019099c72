import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import type { QuizStudentItem } from '@dfrm/sdk/tms';
import { Anchor, Badge, Button, EmptyState, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { tableQueryState } from '@/components/data-table/query-state';
import { LoadError } from '@/components/feedback/load-error';
import { PageHeader } from '@/components/page/page-header';
import { SegmentedChoice } from '@/components/segmented-choice/segmented-choice';
import { useServerNow } from '@/lib/server-clock';
import { formatInstant } from '@/shared/format';
import {
  STUDENT_QUIZ_PAGE_SIZE,
  type StudentQuizFilter,
  studentQuizCoursesQuery,
  studentQuizListQuery,
  studentQuizStatisticsQuery,
} from '@/features/quiz/api/student-queries';
import { STUDENT_QUIZ_STATE, studentQuizState } from '@/features/quiz/student-quiz-state';
import { formatScore } from '@/features/quiz/student-time';

const FILTERS: readonly { value: StudentQuizFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'unfinished', label: '未交卷' },
];

/** The tab's loader: the course switch, then the course's quizzes and statistics. */
export async function loadStudentTestList(
  queryClient: QueryClient,
  courseId: string | undefined,
): Promise<void> {
  const courses = await queryClient.fetchQuery(studentQuizCoursesQuery()).catch(() => null);
  const course = courseId ?? (courses ? defaultCourseId(courses) : undefined);
  if (!course) return;
  await Promise.all([
    queryClient.prefetchQuery(studentQuizListQuery(course, 'all', 1)),
    queryClient.prefetchQuery(studentQuizStatisticsQuery(course)),
  ]);
}

/** Without a course in the address: the first course with a quiz to answer now, else the first. */
function defaultCourseId(courses: readonly { courseId: string; openCount: number }[]): string | undefined {
  return (courses.find((course) => course.openCount > 0) ?? courses[0])?.courseId;
}

const percent = (value: number | null) => (value === null ? '-' : `${formatScore(value)}%`);

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

const column = dataTableColumnHelper<QuizStudentItem>();

/**
 * The class page's 测验 tab: the course's quizzes with where the student stands and what to do
 * (开始作答, 继续作答, 查看结果), the course switch and the student's statistics.
 */
export function StudentTestListPage({ courseId }: { courseId?: string | undefined }) {
  const navigate = useNavigate();
  const courses = useQuery(studentQuizCoursesQuery());
  const course = courseId ?? (courses.data ? defaultCourseId(courses.data) : undefined);
  const [filter, setFilter] = useState<StudentQuizFilter>('all');
  const [page, setPage] = useState({ course, filter, index: 1 });
  // a new course or filter starts at its first page
  const pageIndex = page.course === course && page.filter === filter ? page.index : 1;
  const list = useQuery({ ...studentQuizListQuery(course ?? '', filter, pageIndex), enabled: !!course });
  const stats = useQuery({ ...studentQuizStatisticsQuery(course), enabled: !!course });
  const now = useServerNow(30_000);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('quizName', {
          header: '测验',
          enableSorting: false,
          cell: ({ row }) => (
            <Anchor
              size="sm"
              fw={500}
              lineClamp={2}
              style={{ whiteSpace: 'normal' }}
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/teaching-manage/student/test/detail"
                  search={{ id: row.original.quizId, courseId: row.original.courseId }}
                />
              )}
            >
              {row.original.quizName}
            </Anchor>
          ),
        }),
        column.accessor('endTime', {
          header: '作答时间',
          enableSorting: false,
          meta: { width: 200 },
          cell: ({ row }) => (
            <Text size="sm">
              {formatInstant(row.original.startTime)}
              <br />至 {formatInstant(row.original.endTime)}
            </Text>
          ),
        }),
        column.accessor('durationMinutes', {
          header: '限时 / 题数',
          enableSorting: false,
          meta: { width: 150 },
          cell: ({ row }) => (
            <Text size="sm">
              {row.original.durationMinutes > 0 ? `${row.original.durationMinutes} 分钟` : '不限时'} ·{' '}
              {row.original.questionCount} 题
            </Text>
          ),
        }),
        column.display({
          id: 'state',
          header: '状态',
          meta: { width: 120 },
          cell: ({ row }) => {
            const state = STUDENT_QUIZ_STATE[studentQuizState(row.original, now)];
            return (
              <Badge variant="light" color={state.color} radius="sm" tt="none" fw={500}>
                {state.label}
              </Badge>
            );
          },
        }),
        column.accessor('myScore', {
          header: '成绩',
          enableSorting: false,
          meta: { width: 100 },
          cell: ({ row }) =>
            row.original.myScore !== null ? (
              <Text size="sm" fw={600}>
                {formatScore(row.original.myScore)} / {formatScore(row.original.totalScore)}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                -
              </Text>
            ),
        }),
        column.display({
          id: 'actions',
          header: '操作',
          meta: { width: 120, align: 'right' },
          cell: ({ row }) => <QuizAction quiz={row.original} now={now} />,
        }),
      ]),
    [now],
  );

  const rows = list.data?.list;
  const data = useMemo(() => rows ?? [], [rows]);

  if (courses.isError)
    return <LoadError title="课程加载失败" error={courses.error} onRetry={() => void courses.refetch()} />;
  if (courses.data && courses.data.length === 0)
    return (
      <EmptyState
        icon={<IconListCheck size={28} aria-hidden />}
        variant="light"
        title="还没有课程"
        description="加入课程的教学班后，老师发布的测验会显示在这里。"
      />
    );

  const statistics = stats.data;
  return (
    <Stack gap="lg">
      <PageHeader
        embedded
        title="课程测验"
        description=""
        actions={
          <Select
            label="课程"
            w={240}
            // reserved from the first paint: the courses fill it when they arrive
            disabled={!courses.data}
            data={(courses.data ?? []).map((item) => ({
              value: item.courseId,
              label:
                item.openCount > 0 ? `${item.courseName}（${item.openCount} 个可作答）` : item.courseName,
            }))}
            value={course ?? null}
            allowDeselect={false}
            onChange={(value) =>
              value &&
              void navigate({ to: '/teaching-manage/student/test/list', search: { courseId: value } })
            }
            comboboxProps={{ withinPortal: true }}
          />
        }
      />
      <section aria-label="我的测验统计">
        {stats.isError ? (
          <LoadError title="统计加载失败" error={stats.error} onRetry={() => void stats.refetch()} />
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
            <Stat label="测验数" value={statistics ? String(statistics.quizCount) : '-'} />
            <Stat label="已交卷" value={statistics ? String(statistics.finishedCount) : '-'} />
            <Stat label="未交卷" value={statistics ? String(statistics.unfinishedCount) : '-'} />
            <Stat label="缺考" value={statistics ? String(statistics.missedCount) : '-'} />
            <Stat label="平均得分率" value={statistics ? percent(statistics.averageScoreRate) : '-'} />
            <Stat label="最高得分率" value={statistics ? percent(statistics.highestScoreRate) : '-'} />
          </SimpleGrid>
        )}
      </section>
      <SegmentedChoice label="按状态筛选" value={filter} onChange={setFilter} data={FILTERS} />
      <DataTable
        label="测验列表"
        columns={columns}
        data={data}
        getRowId={(row) => row.quizId}
        rowHeight={64}
        {...tableQueryState(list)}
        // before a course is known (the switch still loading) the rows are on their way too
        loading={list.isPending && (!!course || courses.isPending)}
        empty={
          <EmptyState
            icon={<IconListCheck size={28} aria-hidden />}
            variant="light"
            title={filter === 'all' ? '暂无测验' : '没有未交卷的测验'}
            description={filter === 'all' ? '老师发布测验后会显示在这里。' : '这门课程的测验都交卷了。'}
          />
        }
        pagination={{
          page: pageIndex,
          pageSize: STUDENT_QUIZ_PAGE_SIZE,
          total: list.data?.total ?? 0,
          onPageChange: (index) => setPage({ course, filter, index }),
        }}
      />
    </Stack>
  );
}

function QuizAction({ quiz, now }: { quiz: QuizStudentItem; now: number }) {
  const state = studentQuizState(quiz, now);
  if (state === 'open' || state === 'answering') {
    const label = state === 'open' ? '开始作答' : '继续作答';
    return (
      <Button
        size="xs"
        aria-label={`${label} ${quiz.quizName}`}
        renderRoot={(props) => <Link {...props} to="/start-test/$id" params={{ id: quiz.quizId }} />}
      >
        {label}
      </Button>
    );
  }
  if (state === 'handedIn' && quiz.myPaperId) {
    return (
      <Button
        size="xs"
        variant="light"
        aria-label={`查看结果 ${quiz.quizName}`}
        renderRoot={(props) => (
          <Link {...props} to="/test-result-student/$paperId" params={{ paperId: quiz.myPaperId ?? '' }} />
        )}
      >
        查看结果
      </Button>
    );
  }
  // not started yet, or ended without a paper: the quiz's page says when, and how the class did
  return (
    <Button
      size="xs"
      variant="default"
      aria-label={`查看 ${quiz.quizName}`}
      renderRoot={(props) => (
        <Link
          {...props}
          to="/teaching-manage/student/test/detail"
          search={{ id: quiz.quizId, courseId: quiz.courseId }}
        />
      )}
    >
      查看
    </Button>
  );
}
