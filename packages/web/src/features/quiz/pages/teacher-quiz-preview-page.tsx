import { Alert, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { teacherQuizDetailQuery } from '@/features/quiz/api/teacher-quiz-queries';
import { BackAnchor, QuizLoadFailure } from '@/features/quiz/components/teacher-page-frame';
import { TeacherQuestionCard } from '@/features/quiz/components/teacher-question-card';
import { TeacherQuizPaperSkeleton } from '@/features/quiz/pages/teacher-quiz-skeletons';
import { isIdParam, QUIZ_TEACHER_PATHS } from '@/features/quiz/teacher-search';
import { formatInstant } from '@/shared/format';

const editLink = (quizId: string) => (props: Record<string, unknown>) => (
  <Link {...props} to={QUIZ_TEACHER_PATHS.manage} search={{ id: quizId }} />
);

/** The quiz as its students will see it: settings and questions, without keys or analyses. */
export function TeacherQuizPreviewPage({ quizId }: { quizId: string }) {
  const valid = isIdParam(quizId);
  const detail = useQuery({ ...teacherQuizDetailQuery(quizId), enabled: valid });
  if (!valid || detail.isError) {
    return (
      <QuizLoadFailure
        what="测验"
        error={valid ? detail.error : null}
        onRetry={() => void detail.refetch()}
        back={
          <BackAnchor renderRoot={(props) => <Link {...props} to={QUIZ_TEACHER_PATHS.list} />}>
            返回测验列表
          </BackAnchor>
        }
      />
    );
  }
  if (detail.isPending) return <TeacherQuizPaperSkeleton />;
  const quiz = detail.data;
  const facts: [string, string][] = [
    ['题数', `${quiz.questionCount} 题`],
    ['总分', `${quiz.totalScore} 分`],
    ['限时', quiz.durationMinutes === 0 ? '不限时' : `${quiz.durationMinutes} 分钟`],
    ['作答时间', `${formatInstant(quiz.startTime)} 至 ${formatInstant(quiz.endTime)}`],
  ];
  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <div>
          <BackAnchor renderRoot={editLink(quiz.quizId)}>返回编辑</BackAnchor>
          <Group justify="space-between" align="flex-end" mt="xs">
            <Title order={1} fz="h2">
              {quiz.quizName}
            </Title>
            <Button
              variant="default"
              leftSection={<IconEdit size={16} aria-hidden />}
              renderRoot={editLink(quiz.quizId)}
            >
              返回编辑
            </Button>
          </Group>
        </div>
        <Alert color="blue" variant="light" icon={<IconEye size={18} aria-hidden />} p="sm">
          预览：学生作答时看到的题目，不含答案与解析。
        </Alert>
        <Paper withBorder radius="lg" p="lg" component="section" aria-label="测验信息">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {facts.map(([label, value]) => (
              <div key={label}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={600} size="sm">
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          {quiz.description ? (
            <Text size="sm" mt="md" style={{ whiteSpace: 'pre-wrap' }}>
              {quiz.description}
            </Text>
          ) : null}
        </Paper>
        {quiz.questions.length === 0 ? (
          <Paper withBorder radius="lg" p="lg">
            <Text c="dimmed" size="sm">
              这份测验还没有题目。
            </Text>
          </Paper>
        ) : (
          quiz.questions.map((question) => (
            <TeacherQuestionCard
              key={question.quId}
              sortNo={question.sortNo}
              type={question.type}
              content={question.content}
              options={question.options}
              score={question.score}
            />
          ))
        )}
      </Stack>
    </Container>
  );
}
