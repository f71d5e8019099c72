import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { Anchor, Badge, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LoadError } from '@/components/feedback/load-error';
import { studentHomeOverviewQuery } from '@/features/homework/api/stats-queries';
import { HOMEWORK_PATHS } from '@/features/homework/homework-paths';
import { FIGURE_LABELS, formatMinutes, formatRate } from '@/features/homework/stats-format';
import { formatInstant } from '@/shared/format';
import { useSchoolId } from '@/shared/session/current-school-id';
import type { TeachingArea } from '@/shared/teaching-area';
import { FigureList } from './figure-list';
import { StatsSection } from './stats-section';

/**
 * 我的学习: the student's figures over all their courses (tmsStatisticsStudentHomeOverview),
 * score rates only of works whose scores are published, and the works due soonest (each opening
 * its homework page).
 */
export function StudentHomeFigures({ area }: { area: TeachingArea }) {
  const schoolId = useSchoolId();
  const overview = useQuery(studentHomeOverviewQuery(schoolId));
  // a past deadline on a work still due means it takes late hand-ins
  const [now] = useState(Date.now);

  return (
    <StatsSection title="我的学习" description="全部课程的作业与本周学习时长；得分率只计成绩已公布的作业。">
      {overview.isError ? (
        <LoadError title="学习数据加载失败" error={overview.error} onRetry={() => void overview.refetch()} />
      ) : overview.isPending ? (
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" aria-busy="true">
          {[0, 1, 2, 3, 4].map((key) => (
            <Skeleton key={key} height={68} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <Stack gap="md">
          <FigureList
            compact
            cols={{ base: 2, sm: 5 }}
            figures={[
              { label: '课程', value: overview.data.courseCount },
              { label: '待交作业', value: overview.data.unCommitWorkCount },
              { label: FIGURE_LABELS.submitRate, value: formatRate(overview.data.workSubmitRate) },
              {
                label: FIGURE_LABELS.averageScoreRate,
                value: formatRate(overview.data.averageWorkScoreRate),
              },
              { label: '本周学习', value: formatMinutes(overview.data.studyMinutesThisWeek) },
            ]}
          />
          {overview.data.dueWorks.length > 0 ? (
            <div>
              <Text size="sm" fw={600} mb={4}>
                最近截止
              </Text>
              <Stack
                gap={4}
                component="ul"
                m={0}
                p={0}
                style={{ listStyle: 'none' }}
                aria-label="最近截止的作业"
              >
                {overview.data.dueWorks.map((work) => {
                  const overdue = work.endTime < now;
                  return (
                    <Group
                      key={work.studentWorkId}
                      component="li"
                      justify="space-between"
                      wrap="nowrap"
                      gap="sm"
                    >
                      <Text size="sm" truncate>
                        <Anchor
                          inherit
                          renderRoot={(props) => (
                            <Link
                              {...props}
                              to={HOMEWORK_PATHS[area].studentDetail}
                              search={{ workId: work.workId }}
                            />
                          )}
                        >
                          {work.title}
                        </Anchor>
                        <Text span size="xs" c="dimmed">
                          {' '}
                          · {work.courseName}
                        </Text>
                      </Text>
                      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                        {overdue ? (
                          <Badge size="sm" radius="sm" color="orange" variant="light">
                            已截止，可迟交
                          </Badge>
                        ) : null}
                        <Text size="xs" c="dimmed">
                          截止 {formatInstant(work.endTime)}
                        </Text>
                      </Group>
                    </Group>
                  );
                })}
              </Stack>
            </div>
          ) : null}
        </Stack>
      )}
    </StatsSection>
  );
}
