import '@mantine/core/styles/Badge.layer.css';
import type { QuizStudentDetail } from '@dfrm/sdk/tms';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useServerNow } from '@/lib/server-clock';
import { errorMessage } from '@/shared/error-notifications';
import { formatInstant } from '@/shared/format';
import { STUDENT_QUIZ_STATE, studentQuizState } from '@/features/quiz/student-quiz-state';
import { durationText, formatScore } from '@/features/quiz/student-time';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </div>
  );
}

/**
 * The quiz card before the paper: what the quiz is (description, time limit, questions, total,
 * window), where the student stands, and 开始作答 / 继续作答 / 查看成绩.
 */
export function QuizIntro({
  quiz,
  onStart,
  starting = false,
  startError = null,
  headingOrder = 1,
}: {
  quiz: QuizStudentDetail;
  /** 2 inside the class page, whose course is the page's heading. */
  headingOrder?: 1 | 2;
  /** Creates the paper here; without it the button leads to the quiz card (/start-test/{id}). */
  onStart?: (() => void) | undefined;
  starting?: boolean;
  startError?: unknown;
}) {
  const now = useServerNow(30_000);
  const state = studentQuizState(quiz, now);
  const teacher = quiz.teacher.realName || quiz.teacher.userName;
  let action;
  if (state === 'handedIn' && quiz.myPaperId) {
    action = (
      <Button
        renderRoot={(props) => (
          <Link {...props} to="/test-result-student/$paperId" params={{ paperId: quiz.myPaperId ?? '' }} />
        )}
      >
        查看成绩
      </Button>
    );
  } else if (quiz.canStart) {
    const label = quiz.myPaperStatus === 0 ? '继续作答' : '开始作答';
    action = onStart ? (
      <Button onClick={onStart} loading={starting}>
        {label}
      </Button>
    ) : (
      <Button renderRoot={(props) => <Link {...props} to="/start-test/$id" params={{ id: quiz.quizId }} />}>
        {label}
      </Button>
    );
  } else {
    action = (
      <Button disabled>
        {state === 'upcoming' ? `${formatInstant(quiz.startTime)} 开始` : '测验已结束'}
      </Button>
    );
  }

  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={headingOrder} fz="h2">
              {quiz.quizName}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {[quiz.courseName, teacher].filter(Boolean).join(' · ')}
            </Text>
          </div>
          <Badge variant="light" color={STUDENT_QUIZ_STATE[state].color} radius="sm" tt="none">
            {STUDENT_QUIZ_STATE[state].label}
          </Badge>
        </Group>
        {quiz.description ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {quiz.description}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Fact label="答题限时" value={durationText(quiz.durationMinutes)} />
          <Fact label="题目数" value={`${quiz.questionCount} 题`} />
          <Fact label="总分" value={`${formatScore(quiz.totalScore)} 分`} />
          <Fact label="我的成绩" value={quiz.myScore !== null ? `${formatScore(quiz.myScore)} 分` : '-'} />
          <Fact label="开始时间" value={formatInstant(quiz.startTime)} />
          <Fact label="截止时间" value={formatInstant(quiz.endTime)} />
          {quiz.mySubmittedAt ? <Fact label="交卷时间" value={formatInstant(quiz.mySubmittedAt)} /> : null}
        </SimpleGrid>
        {quiz.canStart && quiz.myPaperStatus === null ? (
          <Text size="sm" c="dimmed">
            开始后计时，时间以服务器为准；每道题的答案改动后自动保存，到时未交卷的按已保存的答案自动交卷。
          </Text>
        ) : null}
        {startError ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="不能开始作答">
            <Text size="sm">{errorMessage(startError)}</Text>
          </Alert>
        ) : null}
        <Group>{action}</Group>
      </Stack>
    </Paper>
  );
}
