import type { ExaminerGetResponse, ExaminerResultsSubmitResponse } from '@dfrm/sdk/tms';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconArrowRight,
  IconClockExclamation,
  IconFlag,
  IconFlagFilled,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { retryReason } from '@/lib/retry-reason';
import { useServerTimeReached } from '@/lib/server-clock';
import { errorMessage } from '@/shared/error-notifications';
import { EXAM_QUESTION_TYPE_LABELS } from '@/shared/labels';
import { openConfirmModal } from '@/shared/overlays';
import { useAttemptQueue, useSubmission } from '@/features/exam/api/student-attempt';
import { studentExamKeys, updateCachedTiming } from '@/features/exam/api/student-exam-queries';
import { answerSaveState, AnswerSaveStateLine } from './answer-save-state';
import { ExamCountdown } from './exam-countdown';
import { useBrowserOnline } from './network-state';
import { OfflineBanner } from './offline-banner';
import { QuestionAnswer } from './question-answer';
import { forgetFlags, useQuestionFlags } from './question-flags';
import { type NavigatorItem, QuestionNavigator } from './question-navigator';

const isAnswered = (answer: readonly string[]) => answer.some((value) => value.trim() !== '');

function confirmLeave(unsavedCount: number): Promise<boolean> {
  return new Promise((resolve) =>
    openConfirmModal({
      title: '答案还没有发送到服务器',
      centered: true,
      children: (
        <Text size="sm">
          有 {unsavedCount}{' '}
          道题的最新答案还没有保存到服务器（网络或服务器暂时不可用）。它们保存在本机浏览器中，回到考试后会继续发送；换用其他设备则看不到这些修改。确定离开吗？
        </Text>
      ),
      labels: { confirm: '仍然离开', cancel: '留在本页' },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    }),
  );
}

function confirmSubmit(unanswered: readonly number[], total: number): Promise<boolean> {
  return new Promise((resolve) =>
    openConfirmModal({
      title: '确认交卷',
      centered: true,
      children: (
        <Stack gap="xs">
          {unanswered.length > 0 ? (
            <Text size="sm" c="orange.9" fw={600}>
              还有 {unanswered.length} 道题未作答：第 {unanswered.join('、')} 题。
            </Text>
          ) : (
            <Text size="sm">全部 {total} 道题都已作答。</Text>
          )}
          <Text size="sm">交卷后不能再修改答案。</Text>
        </Stack>
      ),
      labels: { confirm: '交卷', cancel: '继续作答' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    }),
  );
}

export interface ExamCardProps {
  examId: string;
  userId: string;
  paper: ExaminerGetResponse;
  /** The attempt's deadline as the server last said (a save or the status may move it). */
  deadline: number;
  /** The paper was submitted (by the student or at the deadline); the page shows the result. */
  onSubmitted: (result: ExaminerResultsSubmitResponse) => void;
}

/**
 * The exam card: one question at a time with the answer sheet beside it, every change kept in the
 * browser and sent to the server in order (the answer queue), the time left by the server's clock,
 * 交卷 after a confirmation. At the deadline editing stops and the paper is submitted with what
 * the server has not acknowledged yet.
 */
export function ExamCard({ examId, userId, paper, deadline, onSubmitted }: ExamCardProps) {
  const queryClient = useQueryClient();
  const online = useBrowserOnline();
  const onTiming = useCallback(
    (saved: Parameters<typeof updateCachedTiming>[1]) => updateCachedTiming(queryClient, saved),
    [queryClient],
  );
  const { queue, snapshot } = useAttemptQueue({
    examId,
    userId,
    savedAnswers: paper.savedAnswers,
    onTiming,
    confirmLeave,
  });
  const { flagged, toggle } = useQuestionFlags(userId, examId);
  const [current, setCurrent] = useState(0);
  const timeUp = useServerTimeReached(deadline);
  const closed = snapshot.connection.kind === 'closed';

  const questions = paper.questions;
  const question = questions[Math.min(current, questions.length - 1)];

  const submitted = useCallback(
    (result: ExaminerResultsSubmitResponse) => {
      forgetFlags(userId, examId);
      onSubmitted(result);
    },
    [userId, examId, onSubmitted],
  );
  const { state: submit, submitNow } = useSubmission({ queue, examId, due: timeUp, onSubmitted: submitted });
  const editing = !timeUp && !closed && submit.kind !== 'submitting';

  // the server refused a save for good (time is up, submitted elsewhere): the status says which
  useEffect(() => {
    if (closed) void queryClient.invalidateQueries({ queryKey: studentExamKeys.status(examId) });
  }, [closed, queryClient, examId]);

  async function handIn() {
    const unanswered = questions
      .filter((item) => !isAnswered(queue.answerOf(item.questionId)))
      .map((item) => item.orderNo);
    if (await confirmSubmit(unanswered, questions.length)) await submitNow();
  }

  if (!question) {
    return (
      <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} title="试卷没有题目">
        这场考试的试卷上没有题目，请联系老师。
      </Alert>
    );
  }

  const items: NavigatorItem[] = questions.map((item) => {
    const queued = snapshot.answers.get(item.questionId);
    return {
      questionId: item.questionId,
      orderNo: item.orderNo,
      answered: isAnswered(queued?.answer ?? []),
      flagged: flagged.has(item.questionId),
      unsaved: queued !== undefined && queued.seq > queued.ackedSeq,
    };
  });
  const answeredCount = items.filter((item) => item.answered).length;
  const index = questions.indexOf(question);
  const offline = !online || snapshot.connection.kind === 'offline';
  const isFlagged = flagged.has(question.questionId);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} fz="h2">
            {paper.examName}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            共 {questions.length} 题，已作答 {answeredCount} 题
            {snapshot.unsavedCount > 0 ? `，${snapshot.unsavedCount} 题待保存` : ''}
          </Text>
        </div>
        <Group gap="sm">
          <ExamCountdown deadline={deadline} />
          <Button
            color="red"
            onClick={() => void handIn()}
            loading={submit.kind === 'submitting'}
            disabled={!editing}
          >
            交卷
          </Button>
        </Group>
      </Group>

      {offline && !closed ? (
        <OfflineBanner
          reason={snapshot.connection.kind === 'offline' ? snapshot.connection.reason : null}
          unsavedCount={snapshot.unsavedCount}
          onRetry={() => queue.retryNow()}
        />
      ) : null}

      {timeUp ? (
        <Alert color="orange" icon={<IconClockExclamation size={18} aria-hidden />} title="作答时间已到">
          {submit.kind === 'failed'
            ? `正在交卷，暂时没有成功（${errorMessage(submit.error)}），稍后自动重试；服务器会在截止后用已保存的答案自动交卷。`
            : '答案已不能修改，正在交卷…'}
        </Alert>
      ) : null}

      {!timeUp && submit.kind === 'failed' ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="交卷没有成功">
          {errorMessage(submit.error)}
          {retryReason(submit.error) !== null ? '。答案仍保存在本机浏览器中，请检查网络后再交卷。' : ''}
        </Alert>
      ) : null}

      {closed && !timeUp && submit.kind === 'idle' ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="答案不能再保存">
          {errorMessage(snapshot.connection.kind === 'closed' ? snapshot.connection.error : null)}
        </Alert>
      ) : null}

      <Group align="flex-start" gap="lg" wrap="wrap">
        <Paper
          withBorder
          radius="lg"
          p="lg"
          component="section"
          aria-labelledby="exam-question-title"
          style={{ flex: '999 1 420px', minWidth: 0 }}
        >
          <Group justify="space-between" align="flex-start" gap="xs">
            <Title order={2} fz="h4" id="exam-question-title">
              第 {question.orderNo} 题 · {EXAM_QUESTION_TYPE_LABELS[question.type]}（{question.score} 分）
            </Title>
            <Button
              size="xs"
              variant={isFlagged ? 'light' : 'subtle'}
              color="orange"
              aria-pressed={isFlagged}
              leftSection={
                isFlagged ? <IconFlagFilled size={14} aria-hidden /> : <IconFlag size={14} aria-hidden />
              }
              onClick={() => toggle(question.questionId)}
            >
              {isFlagged ? '已标记' : '标记本题'}
            </Button>
          </Group>
          <Stack gap="md" mt="sm">
            <RichTextView html={question.stem} />
            <QuestionAnswer
              key={question.questionId}
              question={question}
              answer={snapshot.answers.get(question.questionId)?.answer ?? []}
              onChange={(answer) => queue.set(question.questionId, answer)}
              disabled={!editing}
            />
            <Group justify="space-between" gap="sm">
              <AnswerSaveStateLine state={answerSaveState(snapshot, question.questionId, online)} />
              <Group gap="xs">
                <Button
                  variant="default"
                  leftSection={<IconArrowLeft size={16} aria-hidden />}
                  disabled={index === 0}
                  onClick={() => setCurrent(index - 1)}
                >
                  上一题
                </Button>
                <Button
                  variant="default"
                  rightSection={<IconArrowRight size={16} aria-hidden />}
                  disabled={index === questions.length - 1}
                  onClick={() => setCurrent(index + 1)}
                >
                  下一题
                </Button>
              </Group>
            </Group>
          </Stack>
        </Paper>
        <Paper
          withBorder
          radius="lg"
          p="md"
          component="aside"
          aria-labelledby="exam-sheet-title"
          // beside the question on a wide screen (it takes none of the spare width), under it on a phone
          style={{ flex: '1 1 220px' }}
        >
          <Title order={2} fz="h5" id="exam-sheet-title" mb="sm">
            答题卡
          </Title>
          <QuestionNavigator items={items} current={index} onSelect={setCurrent} />
        </Paper>
      </Group>
    </Stack>
  );
}
