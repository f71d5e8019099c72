import '@mantine/core/styles/Badge.layer.css';
import type { ExamPaperQuestion } from '@dfrm/sdk/resource';
import {
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCheck, IconClipboardPlus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BackLink } from '@/components/page/back-link';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { paperDetailQuery } from '@/features/exercise/api/exercise-queries';
import { BUILD_MODE_LABELS, DIFFICULTY_LABELS, hasOptions } from '@/features/exercise/exercise-labels';
import { EXERCISE_MANAGE_PATH } from '@/features/exercise/exercise-search';

/** The key as a teacher reads it: letters, 正确/错误, the blanks one by one, or the reference text. */
function answerText(question: ExamPaperQuestion): string {
  if (question.quType === 3) return question.answer === 'T' ? '正确' : '错误';
  if (question.quType === 4)
    return question.answer
      .split('|')
      .map((blank, index) => `第 ${index + 1} 空：${blank}`)
      .join('；');
  return question.answer;
}

/** 试卷详情: the paper by sections (题型), each question with its options, key, analysis and score. */
export function PaperDetailPage({ tagId, paperId }: { tagId: string; paperId: string }) {
  const { data: paper } = useSuspenseQuery(paperDetailQuery(paperId));
  const back = { tagId: tagId === '0' ? undefined : tagId, tab: 'papers' as const };
  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to={EXERCISE_MANAGE_PATH} search={back} />}>
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            返回题库与试卷
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-end">
          <div>
            <Group gap="sm">
              <Title order={1} fz="h2">
                {paper.paperName}
              </Title>
              <Badge variant="light" color={paper.buildMode === 'random' ? 'grape' : 'blue'} radius="sm">
                {BUILD_MODE_LABELS[paper.buildMode]}
              </Badge>
            </Group>
            {paper.description ? (
              <Text c="dimmed" size="sm" mt={4}>
                {paper.description}
              </Text>
            ) : null}
          </div>
          <Button
            leftSection={<IconClipboardPlus size={16} aria-hidden />}
            renderRoot={(props) => (
              <BackLink {...props} href={`/edit/examination?sourcePaperId=${paper.paperId}`} />
            )}
          >
            用于新建考试
          </Button>
        </Group>

        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" component="dl" style={{ margin: 0 }}>
            <Figure label="题数" value={`${paper.questionCount} 题`} />
            <Figure label="总分" value={`${paper.totalScore} 分`} />
            <Figure label="及格分" value={`${paper.passScore} 分`} />
            <Figure label="考试时长" value={`${paper.durationMinutes} 分钟`} />
          </SimpleGrid>
        </Paper>

        {paper.sections.length === 0 ? (
          <Text c="dimmed">这份试卷还没有题目。</Text>
        ) : (
          paper.sections.map((section) => (
            <Stack key={section.quType} gap="sm" component="section" aria-label={section.title}>
              <Title order={2} fz="h4">
                {section.title}
                <Text span c="dimmed" fz="sm" fw={400} ml="sm">
                  （共 {section.questions.length} 题，{section.score} 分）
                </Text>
              </Title>
              {section.questions.map((question) => (
                <QuestionCard key={question.quId} question={question} />
              ))}
            </Stack>
          ))
        )}
        <Text ta="right" fw={500}>
          全卷共 {paper.questionCount} 题，总分 {paper.totalScore} 分
        </Text>
      </Stack>
    </Container>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" fw={600} m={0}>
        {value}
      </Text>
    </div>
  );
}

function QuestionCard({ question }: { question: ExamPaperQuestion }) {
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`第 ${question.sortNo} 题`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600}>{question.sortNo}.</Text>
            <div style={{ flex: 1, minWidth: 0 }}>
              <RichTextView html={question.content} label={`第 ${question.sortNo} 题题干`} />
            </div>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Badge variant="dot" radius="sm" color="gray">
              {DIFFICULTY_LABELS[question.difficulty]}
            </Badge>
            <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
              {question.score} 分
            </Text>
          </Group>
        </Group>
        {hasOptions(question.quType) ? (
          <Stack
            gap={4}
            component="ul"
            aria-label={`第 ${question.sortNo} 题选项`}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {question.options.map((option) => (
              <Group
                key={option.key}
                component="li"
                gap="xs"
                wrap="nowrap"
                align="flex-start"
                c={option.isRight ? 'teal.8' : undefined}
                aria-label={`${option.key}${option.isRight ? '（正确答案）' : ''}`}
              >
                <Text fw={option.isRight ? 600 : 400}>{option.key}.</Text>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <RichTextView html={option.content} />
                </div>
                {option.isRight ? <IconCheck size={18} aria-hidden /> : null}
              </Group>
            ))}
          </Stack>
        ) : null}
        <Paper bg="var(--mantine-color-gray-0)" p="sm" radius="sm">
          <Stack gap={6}>
            <Text
              size="sm"
              style={{ whiteSpace: 'pre-wrap' }}
              ff={question.quType === 6 ? 'monospace' : undefined}
            >
              <Text span fw={600} ff="inherit">
                {question.quType === 5 || question.quType === 6 ? '参考答案：' : '答案：'}
              </Text>
              {answerText(question)}
            </Text>
            {question.analysis ? (
              <div>
                <Text size="sm" fw={600}>
                  解析：
                </Text>
                <RichTextView html={question.analysis} label={`第 ${question.sortNo} 题解析`} />
              </div>
            ) : null}
          </Stack>
        </Paper>
      </Stack>
    </Paper>
  );
}
