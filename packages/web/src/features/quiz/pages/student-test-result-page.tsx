import '@mantine/core/styles/Badge.layer.css';
import type { QuizPaperResultEx, QuizResultItem } from '@dfrm/sdk/tms';
import {
  Alert,
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
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LoadError } from '@/components/feedback/load-error';
import { RichTextView, preloadRichTextView } from '@/components/rich-text/rich-text-view';
import { formatInstant } from '@/shared/format';
import { QUIZ_QUESTION_TYPE_LABELS } from '@/shared/labels';
import { studentMyPaperOfQuery, studentPaperResultQuery } from '@/features/quiz/api/student-queries';
import { answerText, formatScore, usedTimeText } from '@/features/quiz/student-time';
import { TestResultSkeleton } from './student-skeletons';

/** The result page's loader: the result (one that cannot be read is told on the page) and the sanitizer. */
export async function loadTestResultPage(queryClient: QueryClient, paperId: string): Promise<void> {
  await Promise.all([queryClient.prefetchQuery(studentPaperResultQuery(paperId)), preloadRichTextView()]);
}

/** /test-result/{id}'s loader: the student's paper of the quiz, then its result. */
export async function loadQuizResultPage(queryClient: QueryClient, quizId: string): Promise<void> {
  const paper = await queryClient.fetchQuery(studentMyPaperOfQuery(quizId)).catch(() => null);
  if (paper && paper.status !== 0) await loadTestResultPage(queryClient, paper.paperId);
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={700}>
        {value}
      </Text>
    </div>
  );
}

function verdict(item: QuizResultItem): { label: string; color: string } {
  if (item.correct) return { label: '正确', color: 'teal' };
  if (item.myAnswer.length === 0) return { label: '未作答', color: 'gray' };
  if (item.gotScore > 0) return { label: '部分正确', color: 'orange' };
  return { label: '错误', color: 'red' };
}

function ResultQuestion({ item }: { item: QuizResultItem }) {
  const result = verdict(item);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={`第 ${item.sortNo} 题`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={3} fz="h5">
              第 {item.sortNo} 题
            </Title>
            <Badge variant="light" radius="sm" tt="none">
              {QUIZ_QUESTION_TYPE_LABELS[item.type]}
            </Badge>
          </Group>
          <Group gap="xs">
            <Badge variant="light" color={result.color} radius="sm" tt="none">
              {result.label}
            </Badge>
            <Text size="sm" fw={600}>
              {formatScore(item.gotScore)} / {formatScore(item.score)} 分
            </Text>
          </Group>
        </Group>
        <RichTextView html={item.content} label="题干" />
        {item.options.length > 0 ? (
          <Stack gap={4}>
            {item.options.map((option) => (
              <Group key={option.key} gap={6} wrap="nowrap" align="flex-start">
                <Text size="sm" fw={item.myAnswer.includes(option.key) ? 700 : 400}>
                  {option.key}.
                </Text>
                <RichTextView html={option.content} />
              </Group>
            ))}
          </Stack>
        ) : null}
        <Text size="sm">
          <Text span c="dimmed">
            我的答案：
          </Text>
          {answerText(item.type, item.myAnswer)}
        </Text>
        {item.answer !== null ? (
          <>
            <Text size="sm">
              <Text span c="dimmed">
                标准答案：
              </Text>
              {answerText(
                item.type,
                item.answer.map((blank) => blank.split('|').join(' 或 ')),
              )}
            </Text>
            {item.analysis ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                <Text span c="dimmed">
                  解析：
                </Text>
                {item.analysis}
              </Text>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The score card and every question of a handed-in paper; the key only once the teacher gave it out. */
export function TestResultView({ result }: { result: QuizPaperResultEx }) {
  return (
    <Stack gap="lg">
      <Anchor
        size="sm"
        c="dimmed"
        renderRoot={(props) => <Link {...props} to="/start-test/$id" params={{ id: result.quizId }} />}
      >
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          返回测验
        </Group>
      </Anchor>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <div>
            <Title order={1} fz="h2">
              {result.quizName}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {result.status === 2 ? '到时由系统自动交卷' : '已交卷'} · 交卷时间{' '}
              {formatInstant(result.submittedAt)}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Fact label="得分" value={`${formatScore(result.score)} / ${formatScore(result.totalScore)}`} />
            <Fact label="答对" value={`${result.correctCount} / ${result.questionCount} 题`} />
            <Fact label="用时" value={usedTimeText(result.durationSeconds)} />
            <Fact
              label="班级名次"
              value={result.rank !== null ? `${result.rank} / ${result.rankTotal}` : '-'}
            />
            <Fact
              label="班级平均分"
              value={result.classAverage !== null ? formatScore(result.classAverage) : '-'}
            />
          </SimpleGrid>
        </Stack>
      </Paper>
      {result.answersDistributed ? null : (
        <Alert color="gray" icon={<IconLock size={18} aria-hidden />} title="答案尚未公布">
          老师分发答案后，这里会显示每道题的标准答案与解析。
        </Alert>
      )}
      <Title order={2} fz="h4">
        逐题结果
      </Title>
      {result.items.map((item) => (
        <ResultQuestion key={item.quId} item={item} />
      ))}
    </Stack>
  );
}

/** /test-result-student/{paperId}: my result of a paper. */
export function StudentTestResultPage({ paperId }: { paperId: string }) {
  const result = useQuery(studentPaperResultQuery(paperId));
  if (result.isPending) return <TestResultSkeleton />;
  return (
    <Container size="lg" py="md">
      {result.isError ? (
        <LoadError title="成绩加载失败" error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <TestResultView result={result.data} />
      )}
    </Container>
  );
}

/** /test-result/{id}: my result of a quiz, found by my paper of it. */
export function StudentQuizResultPage({ quizId }: { quizId: string }) {
  const paper = useQuery(studentMyPaperOfQuery(quizId));
  const paperId = paper.data && paper.data.status !== 0 ? paper.data.paperId : '';
  const result = useQuery({ ...studentPaperResultQuery(paperId), enabled: paperId !== '' });
  if (paper.isPending || (paperId !== '' && result.isPending)) return <TestResultSkeleton />;
  let body;
  if (paper.isError) {
    body = <LoadError title="成绩加载失败" error={paper.error} onRetry={() => void paper.refetch()} />;
  } else if (!paper.data || paper.data.status === 0) {
    body = (
      <Alert color="gray" title={paper.data ? '答卷还在作答中' : '你还没有参加这个测验'}>
        <Text size="sm">{paper.data ? '交卷后这里显示成绩。' : '开始作答并交卷后，这里显示成绩。'}</Text>
        <Button
          mt="sm"
          size="xs"
          renderRoot={(props) => <Link {...props} to="/start-test/$id" params={{ id: quizId }} />}
        >
          {paper.data ? '继续作答' : '去作答'}
        </Button>
      </Alert>
    );
  } else if (result.isError) {
    body = <LoadError title="成绩加载失败" error={result.error} onRetry={() => void result.refetch()} />;
  } else if (result.data) {
    body = <TestResultView result={result.data} />;
  }
  return (
    <Container size="lg" py="md">
      {body}
    </Container>
  );
}
