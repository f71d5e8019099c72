import '@mantine/core/styles/Badge.layer.css';
import type { ExamAnswerResult, ExaminerResultsGetResponse } from '@dfrm/sdk/tms';
import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconClockExclamation, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/components/feedback/load-error';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { formatInstant } from '@/shared/format';
import { EXAM_QUESTION_TYPE_LABELS } from '@/shared/labels';
import { examResultsQuery } from '@/features/exam/api/student-exam-queries';
import { ResultSkeleton } from './exam-card-skeleton';

/** How the paper was just submitted on this page (the result call does not say). */
export interface JustSubmitted {
  /** 0 by the student, 1 when the time ran out. */
  submitType: 0 | 1;
}

/** A question's answer in words: option letters with their text, 正确/错误, the blanks, the text. */
function answerText(item: Pick<ExamAnswerResult, 'type' | 'options'>, answer: readonly string[]): string {
  if (answer.length === 0) return '（未作答）';
  switch (item.type) {
    case 1:
    case 2:
      return answer
        .map((key) => {
          const option = item.options.find((candidate) => candidate.key === key);
          // option text may carry simple HTML: its words only here
          const words = option ? option.content.replace(/<[^>]*>/g, '') : '';
          return words ? `${key}. ${words}` : key;
        })
        .join('；');
    case 3:
      return answer.map((value) => (value === 'T' ? '正确' : value === 'F' ? '错误' : value)).join('；');
    case 4:
      return answer.map((value, index) => `第 ${index + 1} 空：${value || '（空）'}`).join('；');
    default:
      return answer.join('\n');
  }
}

function NotReleased({ result }: { result: ExaminerResultsGetResponse }) {
  const reason =
    result.resultPolicy === 0
      ? '这场考试的成绩不向考生公开。'
      : result.resultPolicy === 2
        ? '成绩、正确答案与解析将在考试结束后公布。'
        : '成绩还没有公布。';
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconLock size={22} aria-hidden color="var(--mantine-color-dimmed)" />
        <div>
          <Title order={2} fz="h4">
            成绩未发布
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {reason}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

function AnswerItem({ item }: { item: ExamAnswerResult }) {
  const headingId = `result-question-${item.questionId}`;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={3} fz="md" id={headingId}>
          第 {item.orderNo} 题 · {EXAM_QUESTION_TYPE_LABELS[item.type]}（{item.score} 分）
        </Title>
        <Group gap={6}>
          {item.correct === true ? (
            <Badge color="teal" variant="light" radius="sm" tt="none">
              正确
            </Badge>
          ) : item.correct === false ? (
            <Badge color="red" variant="light" radius="sm" tt="none">
              {item.gotScore !== null && item.gotScore > 0 ? '部分正确' : '错误'}
            </Badge>
          ) : null}
          <Text size="sm" fw={600}>
            {item.gotScore === null ? '待批阅' : `得分 ${item.gotScore} / ${item.score}`}
          </Text>
        </Group>
      </Group>
      <Stack gap="xs" mt="xs">
        <RichTextView html={item.stem} />
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          <Text span c="dimmed">
            你的答案：
          </Text>
          {answerText(item, item.answer)}
        </Text>
        {item.correctAnswers.length > 0 ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            <Text span c="dimmed">
              正确答案：
            </Text>
            {item.type === 4
              ? item.correctAnswers
                  .map((value, index) => `第 ${index + 1} 空：${value.split('|').join(' 或 ')}`)
                  .join('；')
              : answerText(item, item.correctAnswers)}
          </Text>
        ) : null}
        {item.analysis ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            <Text span c="dimmed">
              解析：
            </Text>
            {item.analysis}
          </Text>
        ) : null}
        {item.comment ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            <Text span c="dimmed">
              老师评语：
            </Text>
            {item.comment}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The submitted paper's result, as far as the exam's result policy lets the student see it: the
 * score and each question's result once released, otherwise only that it was submitted.
 */
export function ExamResult({
  examId,
  justSubmitted,
}: {
  examId: string;
  justSubmitted: JustSubmitted | null;
}) {
  const query = useQuery(examResultsQuery(examId));
  if (query.isError) {
    return <LoadError title="考试结果加载失败" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!query.data) return <ResultSkeleton />;
  const result = query.data;
  const released = result.score !== null;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          {result.examName}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          考试结果
        </Text>
      </div>
      <Alert
        color={justSubmitted?.submitType === 1 ? 'orange' : 'teal'}
        icon={
          justSubmitted?.submitType === 1 ? (
            <IconClockExclamation size={18} aria-hidden />
          ) : (
            <IconCircleCheck size={18} aria-hidden />
          )
        }
        title={justSubmitted?.submitType === 1 ? '作答时间已到，系统已自动交卷' : '已交卷'}
      >
        交卷时间 {formatInstant(result.submitTime)}。答卷已保存在服务器上，不能再修改。
      </Alert>
      {released ? (
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="exam-score-title">
          <Title order={2} fz="h4" id="exam-score-title">
            我的成绩
          </Title>
          <Group gap="md" mt="sm" align="baseline">
            <Text fz={32} fw={700}>
              {result.score}
              <Text span size="md" c="dimmed" fw={500}>
                {' '}
                / {result.totalScore} 分
              </Text>
            </Text>
            {result.passed === null ? null : (
              <Badge color={result.passed ? 'teal' : 'red'} variant="light" radius="sm" tt="none" size="lg">
                {result.passed ? '及格' : '不及格'}
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              及格分 {result.passScore}
            </Text>
          </Group>
          {result.markStatus === 0 ? (
            <Text size="sm" c="orange.9" mt="xs">
              简答题或代码题还在等老师批阅，当前得分只含客观题。
            </Text>
          ) : null}
        </Paper>
      ) : (
        <NotReleased result={result} />
      )}
      {released && result.answers.length > 0 ? (
        <section aria-labelledby="exam-answers-title">
          <Title order={2} fz="h4" id="exam-answers-title" mb="sm">
            逐题结果
          </Title>
          <Stack gap="sm">
            {result.answers.map((item) => (
              <AnswerItem key={item.questionId} item={item} />
            ))}
          </Stack>
        </section>
      ) : null}
    </Stack>
  );
}
