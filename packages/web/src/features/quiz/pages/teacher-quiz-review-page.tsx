import '@mantine/core/styles/Badge.layer.css';
import { ApiError, ErrCode } from '@dfrm/sdk';
import type { QuizPaperReview, QuizResultItem } from '@dfrm/sdk/tms';
import { Alert, Badge, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { quizReviewQuery } from '@/features/quiz/api/teacher-quiz-queries';
import { BackAnchor, QuizLoadFailure } from '@/features/quiz/components/teacher-page-frame';
import { TeacherQuestionCard } from '@/features/quiz/components/teacher-question-card';
import { TeacherQuizPaperSkeleton } from '@/features/quiz/pages/teacher-quiz-skeletons';
import { answerText } from '@/features/quiz/teacher-answer-text';
import { isIdParam, QUIZ_TEACHER_PATHS } from '@/features/quiz/teacher-search';
import { formatInstant } from '@/shared/format';
import { QUIZ_PAPER_STATUS_LABELS } from '@/shared/labels';

/** 12 分 5 秒. */
export function durationText(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes > 0 ? `${minutes} 分 ${rest} 秒` : `${rest} 秒`;
}

const statsBack = (quizId: string | undefined) => (props: Record<string, unknown>) =>
  quizId ? (
    <Link {...props} to={QUIZ_TEACHER_PATHS.statistics} search={{ id: quizId }} />
  ) : (
    <Link {...props} to={QUIZ_TEACHER_PATHS.list} />
  );

/** A student's handed-in paper, read-only: every question with their answer, the points, the key and analysis. */
export function TeacherQuizReviewPage({ paperId }: { paperId: string }) {
  const valid = isIdParam(paperId);
  const review = useQuery({ ...quizReviewQuery(paperId), enabled: valid });
  if (!valid || review.isError) {
    const back = <BackAnchor renderRoot={statsBack(undefined)}>返回测验列表</BackAnchor>;
    const error = valid ? review.error : null;
    if (error instanceof ApiError && error.errCode === ErrCode.refused) {
      return (
        <Container size="md" py="md">
          <Stack gap="md">
            {back}
            <Alert
              color="blue"
              variant="light"
              icon={<IconHourglass size={18} aria-hidden />}
              title="学生还在答题中"
            >
              {error.errMsg}
            </Alert>
          </Stack>
        </Container>
      );
    }
    return <QuizLoadFailure what="答卷" error={error} onRetry={() => void review.refetch()} back={back} />;
  }
  if (review.isPending) return <TeacherQuizPaperSkeleton />;
  return <ReviewBody review={review.data} />;
}

function ReviewBody({ review }: { review: QuizPaperReview }) {
  const facts: [string, string][] = [
    ['得分', `${review.score} / ${review.totalScore}`],
    ['答对', `${review.correctCount} / ${review.questionCount} 题`],
    ['班级平均分', review.classAverage === null ? '—' : String(review.classAverage)],
    ['班内名次', review.rank === null ? '—' : `${review.rank} / ${review.rankTotal}`],
    ['用时', durationText(review.durationSeconds)],
    ['交卷时间', formatInstant(review.submittedAt)],
  ];
  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <div>
          <BackAnchor renderRoot={statsBack(review.quizId)}>返回测验统计</BackAnchor>
          <Group gap="sm" mt="xs">
            <Title order={1} fz="h2">
              {review.student.studentName} 的答卷
            </Title>
            <Badge variant="light" color="teal" radius="sm">
              {review.status === 2 ? '系统交卷' : QUIZ_PAPER_STATUS_LABELS[review.status]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {review.quizName} · 学号 {review.student.studentNumber} · {review.student.className}
          </Text>
        </div>
        <Paper withBorder radius="lg" p="lg" component="section" aria-label="成绩概况">
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
            {facts.map(([label, value]) => (
              <div key={label}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={650}>{value}</Text>
              </div>
            ))}
          </SimpleGrid>
        </Paper>
        {review.items.map((item) => (
          <ReviewedQuestion key={item.quId} item={item} />
        ))}
      </Stack>
    </Container>
  );
}

function ReviewedQuestion({ item }: { item: QuizResultItem }) {
  const choice = item.type === 1 || item.type === 2;
  return (
    <TeacherQuestionCard
      sortNo={item.sortNo}
      type={item.type}
      content={item.content}
      options={item.options}
      score={item.score}
      keyLetters={choice ? (item.answer ?? []) : undefined}
      aside={
        <Badge
          variant="light"
          radius="sm"
          color={item.correct ? 'teal' : item.gotScore > 0 ? 'yellow' : 'red'}
        >
          {item.correct ? '正确' : item.gotScore > 0 ? '部分正确' : '错误'} · 得 {item.gotScore} 分
        </Badge>
      }
    >
      <Stack gap={6}>
        <Text size="sm">
          <Text span fw={600}>
            学生答案：
          </Text>
          {answerText(item.type, item.myAnswer)}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            标准答案：
          </Text>
          {answerText(item.type, item.answer)}
        </Text>
        {item.analysis ? (
          <div>
            <Text size="sm" fw={600}>
              解析
            </Text>
            <RichTextView html={item.analysis} label={`第 ${item.sortNo} 题解析`} />
          </div>
        ) : null}
      </Stack>
    </TeacherQuestionCard>
  );
}
