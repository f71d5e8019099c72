import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import type { QuizPaper, QuizProgress } from '@dfrm/sdk/tms';
import { Alert, Badge, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight, IconClockCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { LoadError } from '@/components/feedback/load-error';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { answerStore } from '@/lib/answer-store';
import { observeServerTime, useServerTimeReached } from '@/lib/server-clock';
import { QUIZ_QUESTION_TYPE_LABELS } from '@/shared/labels';
import { errorMessage } from '@/shared/error-notifications';
import { openConfirmModal } from '@/shared/overlays';
import { useSession } from '@/shared/session/session-context';
import { checkPaperProgress, handInMutation, sendQuizAnswer } from '@/features/quiz/api/student-mutations';
import { studentPaperQuestionQuery, studentQuizKeys } from '@/features/quiz/api/student-queries';
import { useQuizAnswerSaver } from '@/features/quiz/api/student-use-answer-saver';
import { HAND_IN_GRACE_MS, formatScore, isAnswered } from '@/features/quiz/student-time';
import { AnswerSaveStatus } from './answer-save-status';
import { Countdown } from './countdown';
import { QuestionAnswer } from './question-answer';
import { QuestionNavigator } from './question-navigator';

// Leaving room for the last saves before the hand-in asks the server for the progress.
const FLUSH_BEFORE_HAND_IN_MS = 10_000;

function confirmHandIn(unansweredSortNos: readonly number[], unsavedCount: number): Promise<boolean> {
  return new Promise((resolve) =>
    openConfirmModal({
      title: '确认交卷',
      centered: true,
      children: (
        <Stack gap="xs">
          {unansweredSortNos.length > 0 ? (
            <Text size="sm" c="orange.9" fw={600}>
              还有 {unansweredSortNos.length} 题未作答：第 {unansweredSortNos.join('、')} 题。未作答的题计 0
              分。
            </Text>
          ) : (
            <Text size="sm">所有题目都已作答。</Text>
          )}
          {unsavedCount > 0 ? (
            <Text size="sm" c="red.8" fw={600}>
              有 {unsavedCount} 题的最新答案还没有保存到服务器，交卷后按服务器已保存的答案判分。
            </Text>
          ) : null}
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

/** A paper the server holds as handed in: by the student, or by the system at the deadline. */
function HandedIn({ paper }: { paper: QuizPaper }) {
  return (
    <Alert
      color="teal"
      icon={<IconClockCheck size={18} aria-hidden />}
      title={paper.status === 2 ? '时间到，已自动交卷' : '已交卷'}
    >
      <Text size="sm">
        {paper.status === 2
          ? '答卷已按截止前保存的答案由系统交卷，不能再修改。'
          : '你已交卷，答案不能再修改。'}
      </Text>
      <Button
        mt="sm"
        size="xs"
        renderRoot={(props) => (
          <Link {...props} to="/test-result-student/$paperId" params={{ paperId: paper.paperId }} />
        )}
      >
        查看成绩
      </Button>
    </Alert>
  );
}

/**
 * The paper being answered: the 答题卡, one question at a time with its answer saved as it changes,
 * the countdown to the server's deadline, and 交卷. At the deadline nothing can be changed any more;
 * the server hands the paper in with what it holds.
 */
export function QuizPaperView({ paper }: { paper: QuizPaper }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { paperId } = paper;
  const [index, setIndex] = useState(0);
  const [progress, setProgress] = useState<QuizProgress | null>(null);
  const [handingIn, setHandingIn] = useState(false);
  const [handInError, setHandInError] = useState<unknown>(null);
  const handIn = useMutation(handInMutation());

  const refreshPaper = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: studentQuizKeys.paper(paperId) }),
    [queryClient, paperId],
  );
  const onAck = useCallback((next: QuizProgress) => {
    observeServerTime(next.serverTime);
    setProgress(next);
  }, []);
  const userId = useSession().user?.userId ?? '';
  const { saver, answers, statuses, unsavedCount, closed } = useQuizAnswerSaver({
    send: sendQuizAnswer(paperId),
    // changes wait in this browser until acknowledged: a reload or a crash of the tab keeps them
    store: userId ? answerStore('quiz', userId, paperId) : null,
    onAck,
    // handed in elsewhere, time up or the quiz ended: the paper as the server has it now
    onClosed: refreshPaper,
  });

  const timeUp = useServerTimeReached(paper.deadline);
  const graceOver = useServerTimeReached(paper.deadline + HAND_IN_GRACE_MS);
  const open = paper.status === 0;
  const locked = !open || timeUp || handingIn || closed !== null;

  useEffect(() => {
    if (!timeUp || !open) return;
    // what was changed before the deadline still goes: the server takes it for a short while
    saver.stop();
    void saver.flush();
  }, [timeUp, open, saver]);
  useEffect(() => {
    // handed in (here, elsewhere or by the server at the deadline): the paper is the server's now
    if (!open) saver.forget();
  }, [open, saver]);
  useEffect(() => {
    // by now the server has handed the paper in itself; show it as such
    if (graceOver && open) refreshPaper();
  }, [graceOver, open, refreshPaper]);

  const questions = paper.questions;
  const question = questions[Math.min(index, questions.length - 1)];
  const detail = useQuery({
    ...studentPaperQuestionQuery(paperId, question?.quId ?? ''),
    enabled: !!question && open,
  });
  useEffect(() => {
    if (detail.data && question) saver.load(question.quId, detail.data.myAnswer, detail.data.mySeq);
  }, [detail.data, question, saver]);
  // the next question is read while this one is answered
  const nextQuestion = questions[index + 1];
  useEffect(() => {
    if (nextQuestion && open)
      void queryClient.prefetchQuery(studentPaperQuestionQuery(paperId, nextQuestion.quId));
  }, [nextQuestion, open, paperId, queryClient]);

  if (!open) return <HandedIn paper={paper} />;
  if (!question) return <Alert color="gray" title="这份答卷没有题目" />;

  const answeredOf = (quId: string, serverAnswered: boolean) => {
    const local = answers.get(quId);
    return local ? isAnswered(local) : serverAnswered;
  };
  const items = questions.map((item) => ({
    quId: item.quId,
    sortNo: item.sortNo,
    answered: answeredOf(item.quId, item.answered),
    unsaved: (statuses.get(item.quId)?.kind ?? 'saved') !== 'saved',
  }));
  const answeredCount = items.filter((item) => item.answered).length;
  const savedCount = progress?.answeredCount ?? questions.filter((item) => item.answered).length;
  const answer = answers.get(question.quId) ?? detail.data?.myAnswer ?? [];

  async function startHandIn() {
    setHandInError(null);
    setHandingIn(true);
    saver.stop();
    try {
      await saver.flushWithin(FLUSH_BEFORE_HAND_IN_MS);
      const checked = await checkPaperProgress(paperId);
      observeServerTime(checked.serverTime);
      setProgress(checked);
      if (checked.status !== 0) {
        refreshPaper();
        return;
      }
      const sortNoOf = new Map(questions.map((item) => [item.quId, item.sortNo]));
      const unanswered = checked.unansweredQuIds.map((quId) => sortNoOf.get(quId) ?? 0);
      if (!(await confirmHandIn(unanswered, saver.getSnapshot().unsavedCount))) {
        saver.resume();
        setHandingIn(false);
        return;
      }
      const result = await handIn.mutateAsync(paperId);
      saver.forget();
      await navigate({ to: '/test-result-student/$paperId', params: { paperId: result.paperId } });
    } catch (error) {
      setHandInError(error);
      saver.resume();
      setHandingIn(false);
      refreshPaper();
    }
  }

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md" pos="sticky" top={0} style={{ zIndex: 2 }}>
        <Group justify="space-between" gap="md">
          <div>
            <Title order={1} fz="h3">
              {paper.quizName}
            </Title>
            <Text size="sm" c="dimmed">
              共 {questions.length} 题，满分 {formatScore(paper.totalScore)} 分 · 已作答 {answeredCount} /{' '}
              {questions.length} · 已保存 {savedCount} 题
            </Text>
          </div>
          <Group gap="md">
            <Countdown deadline={paper.deadline} />
            <Button onClick={() => void startHandIn()} loading={handingIn && !timeUp} disabled={locked}>
              交卷
            </Button>
          </Group>
        </Group>
      </Paper>

      {timeUp ? (
        <Alert color="orange" icon={<IconClockCheck size={18} aria-hidden />} title="时间到，作答已结束">
          <Text size="sm">
            答卷按截止前保存的答案交卷，不能再修改。
            {unsavedCount > 0 ? `还有 ${unsavedCount} 题的答案正在保存。` : ''}
          </Text>
          <Button mt="sm" size="xs" variant="light" onClick={refreshPaper} disabled={!graceOver}>
            {graceOver ? '查看交卷结果' : '正在交卷…'}
          </Button>
        </Alert>
      ) : closed !== null ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="答卷已不能再作答">
          <Text size="sm">{errorMessage(closed)}</Text>
        </Alert>
      ) : null}
      {handInError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="交卷失败">
          <Text size="sm">{errorMessage(handInError)}</Text>
        </Alert>
      ) : null}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 4, md: 3 }} order={{ base: 1, sm: 1 }}>
          <Paper withBorder radius="lg" p="md">
            <QuestionNavigator items={items} current={index} onSelect={setIndex} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
          <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="quiz-question-title">
            <Stack gap="md">
              <Group justify="space-between" gap="xs">
                <Group gap="xs">
                  <Title order={2} fz="h4" id="quiz-question-title">
                    第 {question.sortNo} 题
                  </Title>
                  <Badge variant="light" radius="sm" tt="none">
                    {QUIZ_QUESTION_TYPE_LABELS[question.type]}
                  </Badge>
                  <Text size="sm" c="dimmed">
                    {formatScore(question.score)} 分
                  </Text>
                </Group>
                <AnswerSaveStatus
                  status={statuses.get(question.quId) ?? { kind: 'saved' }}
                  answered={isAnswered(answer)}
                  onRetry={() => saver.retryNow()}
                />
              </Group>
              <RichTextView html={question.content} label="题干" />
              {detail.isError ? (
                <LoadError title="题目加载失败" error={detail.error} onRetry={() => void detail.refetch()} />
              ) : detail.data ? (
                <QuestionAnswer
                  key={question.quId}
                  question={question}
                  blankCount={detail.data.blankCount}
                  answer={answer}
                  disabled={locked}
                  onChange={(next, { immediate }) => saver.update(question.quId, next, { immediate })}
                />
              ) : (
                <Stack gap="sm" aria-busy="true" aria-label="正在加载">
                  <Skeleton height={24} width="60%" />
                  <Skeleton height={24} width="50%" />
                </Stack>
              )}
              <Group justify="space-between">
                <Button
                  variant="default"
                  leftSection={<IconChevronLeft size={16} aria-hidden />}
                  disabled={index === 0}
                  onClick={() => setIndex(index - 1)}
                >
                  上一题
                </Button>
                <Button
                  variant="default"
                  rightSection={<IconChevronRight size={16} aria-hidden />}
                  disabled={index >= questions.length - 1}
                  onClick={() => setIndex(index + 1)}
                >
                  下一题
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
