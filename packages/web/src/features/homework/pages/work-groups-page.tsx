import '@mantine/core/styles/Badge.layer.css';
import type { CourseGroup } from '@dfrm/sdk/tms';
import { Anchor, Badge, Button, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { PageContainer } from '@/components/page/page-container';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { tableQueryState } from '@/components/data-table/query-state';
import { LoadError } from '@/components/feedback/load-error';
import { CourseFilter } from '@/components/page/course-filter';
import { PageHeader } from '@/components/page/page-header';
import {
  courseGroupSetsQuery,
  GROUP_SETS_PAGE_SIZE,
  groupCoursesQuery,
  schoolGroupSetsQuery,
} from '@/features/homework/api/group-queries';
import {
  GroupMembersModal,
  type GroupMembersTarget,
} from '@/features/homework/components/group-members-modal';
import { GroupSetCard } from '@/features/homework/components/group-set-card';
import { HOMEWORK_PATHS } from '@/features/homework/homework-paths';
import { GroupSetCardSkeleton } from '@/features/homework/pages/work-groups-skeleton';
import { formatInstant } from '@/shared/format';
import { WORK_GROUP_TYPE_LABELS } from '@/shared/labels';
import { useReturnHere } from '@/shared/return-to';
import { useSchoolId } from '@/shared/session/current-school-id';
import type { TeachingArea } from '@/shared/teaching-area';

export interface WorkGroupsPageProps {
  area: TeachingArea;
  courseId?: string | undefined;
  /** A tab of the class page, which names the course: no page heading and no course filter. */
  embedded?: boolean | undefined;
}

/**
 * 作业分组: the group sets of the teacher's courses. With a course chosen, each set with its
 * teams, ungrouped students, works and lock; without, the sets of every course in a list.
 */
export function WorkGroupsPage({ area, courseId, embedded = false }: WorkGroupsPageProps) {
  const schoolId = useSchoolId();
  const paths = HOMEWORK_PATHS[area];
  const navigate = useNavigate();
  const returnSearch = useReturnHere(embedded);
  const { data: courses } = useSuspenseQuery(groupCoursesQuery(schoolId));
  const [membersOf, setMembersOf] = useState<GroupMembersTarget | null>(null);
  const needCourseId = useId();

  return (
    <PageContainer embedded={embedded}>
      <Stack gap="lg">
        <PageHeader
          embedded={embedded}
          title="作业分组"
          description="为课程建立分组方案：教师指定、系统随机或学生自由组队。小组作业按方案中的小组提交和评分。"
          actions={
            <Group gap="sm" align="flex-end">
              {embedded ? null : (
                <CourseFilter
                  courses={courses}
                  value={courseId}
                  onChange={(value) =>
                    void navigate({ to: paths.grouping, search: value ? { courseId: value } : {} })
                  }
                />
              )}
              {courseId ? (
                <Button
                  leftSection={<IconPlus size={18} aria-hidden />}
                  renderRoot={(props) => (
                    <Link {...props} to={paths.addGrouping} params={{ courseId }} search={returnSearch} />
                  )}
                >
                  新建分组
                </Button>
              ) : (
                <Stack gap={2} align="flex-end">
                  <Button
                    leftSection={<IconPlus size={18} aria-hidden />}
                    disabled
                    aria-describedby={needCourseId}
                  >
                    新建分组
                  </Button>
                  <Text size="xs" c="dimmed" id={needCourseId}>
                    先选择课程
                  </Text>
                </Stack>
              )}
            </Group>
          }
        />

        {courseId ? (
          <CourseSets
            area={area}
            schoolId={schoolId}
            courseId={courseId}
            returnSearch={returnSearch}
            onViewMembers={setMembersOf}
          />
        ) : (
          <AllSets area={area} schoolId={schoolId} hasCourses={courses.length > 0} />
        )}
      </Stack>
      <GroupMembersModal schoolId={schoolId} target={membersOf} onClose={() => setMembersOf(null)} />
    </PageContainer>
  );
}

function CourseSets({
  area,
  schoolId,
  courseId,
  returnSearch,
  onViewMembers,
}: {
  area: TeachingArea;
  schoolId: string;
  courseId: string;
  returnSearch: { returnTo?: string };
  onViewMembers: (target: GroupMembersTarget) => void;
}) {
  const sets = useQuery(courseGroupSetsQuery(schoolId, courseId));
  if (sets.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="正在加载分组方案">
        <GroupSetCardSkeleton />
        <GroupSetCardSkeleton />
      </Stack>
    );
  }
  if (sets.isError) {
    return <LoadError title="分组方案加载失败" error={sets.error} onRetry={() => void sets.refetch()} />;
  }
  if (sets.data.length === 0) {
    return (
      <Paper withBorder radius="lg" py={40}>
        <EmptyState
          icon={<IconUsersGroup size={28} aria-hidden />}
          variant="light"
          title="这门课程还没有分组方案"
          description="点击“新建分组”，按教学班随机分组、由你指定小组，或让学生自由组队。"
        />
      </Paper>
    );
  }
  return (
    <Stack gap="md" component="section" aria-label="分组方案">
      {sets.data.map((set) => (
        <GroupSetCard
          key={set.workGroupId}
          area={area}
          schoolId={schoolId}
          set={set}
          returnSearch={returnSearch}
          onViewMembers={() => onViewMembers({ workGroupId: set.workGroupId, groupName: set.groupName })}
        />
      ))}
    </Stack>
  );
}

const column = dataTableColumnHelper<CourseGroup>();

function AllSets({
  area,
  schoolId,
  hasCourses,
}: {
  area: TeachingArea;
  schoolId: string;
  hasCourses: boolean;
}) {
  const paths = HOMEWORK_PATHS[area];
  const [pageIndex, setPageIndex] = useState(1);
  const list = useQuery(schoolGroupSetsQuery({ schoolId, pageIndex }));
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('groupName', {
          header: '分组方案',
          enableSorting: false,
          cell: ({ row }) => (
            <Anchor
              size="sm"
              fw={500}
              renderRoot={(props) => (
                <Link {...props} to={paths.grouping} search={{ courseId: row.original.courseId }} />
              )}
            >
              {row.original.groupName}
            </Anchor>
          ),
        }),
        column.accessor('courseName', { header: '课程', enableSorting: false, meta: { width: 160 } }),
        column.accessor('groupType', {
          header: '分组方式',
          enableSorting: false,
          meta: { width: 120 },
          cell: ({ getValue }) => (
            <Badge variant="light" radius="sm">
              {WORK_GROUP_TYPE_LABELS[getValue()]}
            </Badge>
          ),
        }),
        column.accessor('maxMembers', {
          header: '每组上限',
          enableSorting: false,
          meta: { width: 90, align: 'right' },
          cell: ({ getValue }) => `${getValue()} 人`,
        }),
        column.accessor('teamCount', {
          header: '小组数',
          enableSorting: false,
          meta: { width: 80, align: 'right' },
        }),
        column.accessor('memberCount', {
          header: '已分组',
          enableSorting: false,
          meta: { width: 80, align: 'right' },
          cell: ({ getValue }) => `${getValue()} 人`,
        }),
        column.accessor('createdAt', {
          header: '创建时间',
          enableSorting: false,
          meta: { width: 150 },
          cell: ({ getValue }) => formatInstant(getValue()),
        }),
      ]),
    [paths.grouping],
  );
  const rows = list.data?.list;
  const data = useMemo(() => rows ?? [], [rows]);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        全部课程的分组方案。选择课程（或点击方案名称）查看小组、成员和使用它的作业。
      </Text>
      <DataTable
        label="分组方案列表"
        columns={columns}
        data={data}
        getRowId={(row) => row.workGroupId}
        {...tableQueryState(list)}
        empty={
          <EmptyState
            icon={<IconUsersGroup size={28} aria-hidden />}
            variant="light"
            title="还没有分组方案"
            description={hasCourses ? '选择课程后点击“新建分组”。' : '先创建课程，再为课程建立分组方案。'}
          />
        }
        pagination={{
          page: pageIndex,
          pageSize: GROUP_SETS_PAGE_SIZE,
          total: list.data?.total ?? 0,
          onPageChange: setPageIndex,
        }}
      />
    </Stack>
  );
}
