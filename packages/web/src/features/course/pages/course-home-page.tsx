import { Container, EmptyState, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBook2, IconBuildingBank, IconId, IconUsersGroup } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { currentSchoolQuery, ownUserGroupsQuery } from '@/shared/session/school-info';
import { useSession } from '@/shared/session/session-context';
import { ROLE_LABELS } from '@/shared/labels';
import { displayName } from '@/shared/session/session-store';
import { homeCourseKind } from '@/features/course/api/course-home-queries';
import { LearningCourseCards, TeachingCourseCards } from '@/features/course/components/course-cards';
import { InfoCard } from '@/features/course/components/info-card';

/** /course: who and where the user is, and their courses (teaching or learning), from the server. */
export function CourseHomePage() {
  const { user } = useSession();
  const { data: current } = useSuspenseQuery(currentSchoolQuery());
  const { data: groups } = useSuspenseQuery(ownUserGroupsQuery(current.schoolId));
  const inSchool = current.schoolId !== '0';
  const poolId = groups[0]?.id ?? '0';
  const kind = homeCourseKind(current.type, current.schoolId);

  return (
    <Container size="lg" py="md">
      <Stack gap="xl">
        <div>
          <Title order={1} fz="h2">
            欢迎回来，{displayName(user)}
          </Title>
          <Text c="dimmed" mt={6}>
            {inSchool
              ? `${current.schoolName}${current.type ? ` · ${ROLE_LABELS[current.type]}` : ''}`
              : '你还没有加入学校，加入后这里会显示学校的课程。'}
          </Text>
        </div>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <InfoCard
            icon={<IconBuildingBank size={22} aria-hidden />}
            label="当前学校"
            value={inSchool ? current.schoolName : '未加入学校'}
            hint={inSchool ? `学校编号 ${current.schoolId}` : undefined}
          />
          <InfoCard
            icon={<IconId size={22} aria-hidden />}
            label="当前身份"
            value={current.type ? ROLE_LABELS[current.type] : '未选择身份'}
            hint={
              current.roles.length > 0
                ? `在本校的身份：${current.roles.map((role) => ROLE_LABELS[role]).join('、')}`
                : undefined
            }
          />
          <InfoCard
            icon={<IconUsersGroup size={22} aria-hidden />}
            label="用户组"
            value={groups.length > 0 ? groups.map((group) => group.name).join('、') : '未加入用户组'}
            hint={`资源池编号 ${poolId}${groups[0]?.bindRole === 1 ? ' · 组管理员' : ''}`}
          />
        </SimpleGrid>

        <Paper withBorder radius="lg" p="xl" component="section" aria-label="我的课程">
          <Title order={2} fz="h4" mb="md">
            {kind === 'learning'
              ? '我的课程'
              : current.type === 'schoolManager'
                ? '学校课程'
                : '我任教的课程'}
          </Title>
          {kind === 'teaching' ? (
            <TeachingCourseCards schoolId={current.schoolId} linked={current.type === 'teacher'} />
          ) : kind === 'learning' ? (
            <LearningCourseCards schoolId={current.schoolId} />
          ) : (
            <EmptyState
              icon={<IconBook2 size={28} aria-hidden />}
              variant="light"
              title="还没有课程"
              description="加入学校并选择身份后，你的课程会显示在这里。"
            />
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
