import { Box, Container, EmptyState, Flex, Stack, Tabs, Title, Text } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { exerciseTagsQuery } from '@/features/exercise/api/exercise-queries';
import { EXERCISE_MANAGE_PATH, type ExerciseManageTab } from '@/features/exercise/exercise-search';
import { ExerciseTab } from '@/features/exercise/components/exercise-tab';
import { PaperTab } from '@/features/exercise/components/paper-tab';
import { TagPanel } from '@/features/exercise/components/tag-panel';

/**
 * 题库与试卷: the teacher's 题库 (exercise tags) on the left; on the right the chosen one's
 * exercises (习题) and the teacher's papers built from the bank (试卷).
 */
export function ExerciseManagePage({
  tagId,
  tab = 'exercises',
}: {
  tagId?: string | undefined;
  tab?: ExerciseManageTab | undefined;
}) {
  const navigate = useNavigate();
  const { data: tags } = useSuspenseQuery(exerciseTagsQuery());
  // no choice yet (or a tag that is gone): the first 题库
  const tag = tags.find((item) => item.tagId === tagId) ?? tags.find((item) => item.parentId === '0');
  const go = (next: { tagId?: string | undefined; tab?: ExerciseManageTab }) =>
    void navigate({
      to: EXERCISE_MANAGE_PATH,
      search: {
        ...((next.tagId ?? tag?.tagId) ? { tagId: next.tagId ?? tag?.tagId } : {}),
        ...((next.tab ?? tab) === 'papers' ? { tab: 'papers' as const } : {}),
      },
    });

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <div>
          <Title order={1} fz="h2">
            题库与试卷
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            按题库整理习题（可 Excel 批量导入），再手工挑题或按规则随机抽题组成试卷，用于考试。
          </Text>
        </div>
        <Flex direction={{ base: 'column', md: 'row' }} gap="lg" align="flex-start">
          <Box w={{ base: '100%', md: 260 }} style={{ flexShrink: 0 }}>
            <TagPanel tags={tags} selectedId={tag?.tagId} onSelect={(id) => go({ tagId: id })} />
          </Box>
          <Box style={{ flex: 1, minWidth: 0 }} w="100%">
            {tag ? (
              <Stack gap="sm">
                <Title order={2} fz="h3">
                  {tag.tagName}
                </Title>
                <Tabs
                  value={tab}
                  onChange={(value) => {
                    if (value && value !== tab) go({ tab: value as ExerciseManageTab });
                  }}
                >
                  <Tabs.List aria-label="题库与试卷">
                    <Tabs.Tab value="exercises">习题</Tabs.Tab>
                    <Tabs.Tab value="papers">试卷</Tabs.Tab>
                  </Tabs.List>
                  <Tabs.Panel value="exercises" pt="md">
                    {tab === 'exercises' ? <ExerciseTab key={tag.tagId} tag={tag} tags={tags} /> : null}
                  </Tabs.Panel>
                  <Tabs.Panel value="papers" pt="md">
                    {tab === 'papers' ? <PaperTab tag={tag} tags={tags} /> : null}
                  </Tabs.Panel>
                </Tabs>
              </Stack>
            ) : (
              <EmptyState
                icon={<IconBooks size={28} aria-hidden />}
                variant="light"
                title="还没有题库"
                description="先在左侧新建一个题库，再在其中添加或导入习题，然后组成试卷。"
              />
            )}
          </Box>
        </Flex>
      </Stack>
    </Container>
  );
}
