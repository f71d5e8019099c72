import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import type { ExamUserResult } from '@dfrm/sdk/tms';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconChevronLeft,
  IconChevronRight,
  IconInfoCircle,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { saveScoresMutation } from '@/features/exam/api/teacher-exam-mutations';
import {
  allExaminersQuery,
  examUserAttendQuery,
  examUserResultQuery,
} from '@/features/exam/api/teacher-exam-queries';
import { AnswerView } from '@/features/exam/components/grading/answer-view';
import { EXAM_TEACHER_PATHS } from '@/features/exam/teacher-search';
import { errorMessage } from '@/shared/error-notifications';
import { formatInstant, formatScore } from '@/shared/format';
import {
  EXAM_ATTEND_STATUS_LABELS,
  EXAM_MARK_STATUS_LABELS,
  EXAM_QUESTION_TYPE_LABELS,
} from '@/shared/labels';
import { halfPoints } from '@/lib/half-points';

/** 阅卷: one student's paper, the subjective answers scored and commented (an automatic score corrected), then the next student. */
export function TeacherGradingPage({ examId, userId }: { examId: string; userId: string }) {
  const { data: paper } = useSuspenseQuery(examUserResultQuery(examId, userId));
  // a new student starts with their own scores and comments
  return <GradingForm key={userId} examId={examId} userId={userId} paper={paper} />;
}

interface Mark {
  score: number | string;
  comment: string;
}

/** ExamAttendInfo submitType in words, after the submission time. */
const SUBMIT_TYPES: Record<string, string> = { '0': '（考生交卷）', '1': '（到时自动交卷）' };

const isSubjective = (type: number) => type >= 5;

function markError(mark: Mark, max: number): string | undefined {
  if (mark.score === '') return undefined;
  const score = mark.score;
  if (typeof score !== 'number' || score < 0 || score > max || !halfPoints(score))
    return `得分为 0 到 ${max}，最小单位 0.5`;
  return undefined;
}

function GradingForm({ examId, userId, paper }: { examId: string; userId: string; paper: ExamUserResult }) {
  const navigate = useNavigate();
  const examiners = useQuery(allExaminersQuery(examId));
  const save = useMutation(saveScoresMutation());
  // every answer has its mark: a short answer's or code's to give, an objective one's to correct
  const startMarks = () =>
    Object.fromEntries(
      paper.answers.map((item) => [item.questionId, { score: item.gotScore ?? '', comment: item.comment }]),
    ) as Record<string, Mark>;
  const [marks, setMarks] = useState<Record<string, Mark>>(startMarks);
  const [savedMarks, setSavedMarks] = useState<Record<string, Mark>>(startMarks);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  const submitted = paper.examiner.attendStatus === 2;
  const edited = (questionId: string) =>
    marks[questionId]?.score !== savedMarks[questionId]?.score ||
    marks[questionId]?.comment !== savedMarks[questionId]?.comment;
  const changed = paper.answers.some((item) => edited(item.questionId));
  const invalid = paper.answers.some((item) => markError(marks[item.questionId]!, item.score) !== undefined);
  // the subjective marks go together (the paper is 已出分 once all have one); an automatic score
  // is sent only when the teacher changed it
  const items = paper.answers.flatMap((item) => {
    const mark = marks[item.questionId]!;
    const send = isSubjective(item.type) || edited(item.questionId);
    return send && typeof mark.score === 'number'
      ? [{ questionId: item.questionId, score: mark.score, comment: mark.comment.trim() }]
      : [];
  });

  const list = examiners.data ?? [];
  const at = list.findIndex((examiner) => examiner.userId === userId);
  const previous = at > 0 ? list[at - 1] : undefined;
  const next = at >= 0 ? list[at + 1] : undefined;
  const queryClient = useQueryClient();
  const nextId = next?.userId;
  // the next paper is read while this one is graded, so 下一位 opens at once
  useEffect(() => {
    if (nextId) void queryClient.prefetchQuery(examUserResultQuery(examId, nextId));
  }, [queryClient, examId, nextId]);
  const attend = useQuery({ ...examUserAttendQuery(examId, userId), meta: { silentError: true } });
  const goTo = (target: string) =>
    navigate({ to: EXAM_TEACHER_PATHS.grading, params: { examId, userId: target } });

  const saveMarks = async (): Promise<boolean> => {
    setRefusal(null);
    try {
      const examiner = await save.mutateAsync({ examId, userId, items });
      setSavedMarks(marks);
      setSavedAt(Date.now());
      notifications.show({
        color: 'teal',
        message: `已保存 ${paper.examiner.studentName} 的评分，总分 ${formatScore(examiner.score)}（${EXAM_MARK_STATUS_LABELS[examiner.markStatus]}）`,
      });
      return true;
    } catch (error) {
      setRefusal(errorMessage(error));
      return false;
    }
  };

  const examiner = paper.examiner;
  const canSave = submitted && items.length > 0 && changed && !invalid;

  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <div>
          <Anchor
            size="sm"
            c="dimmed"
            renderRoot={(props) => <Link {...props} to={EXAM_TEACHER_PATHS.examiners} params={{ examId }} />}
          >
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              返回考生名单
            </Group>
          </Anchor>
          <Group gap="sm" mt="xs">
            <Title order={1} fz="h2">
              阅卷：{examiner.studentName}
            </Title>
            <Badge variant="light" radius="sm" color={submitted ? 'teal' : 'gray'}>
              {EXAM_ATTEND_STATUS_LABELS[examiner.attendStatus]}
            </Badge>
            {submitted ? (
              <Badge variant="light" radius="sm" color={examiner.markStatus === 1 ? 'teal' : 'orange'}>
                {EXAM_MARK_STATUS_LABELS[examiner.markStatus]}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {paper.examName} · {examiner.studentNumber} · {examiner.className} · 交卷{' '}
            {formatInstant(examiner.submitTime)}
          </Text>
          <Text size="sm" mt={4} aria-live="polite">
            总分 {formatScore(examiner.score)} / {paper.totalScore}（客观题{' '}
            {formatScore(examiner.objectiveScore)}，主观题 {formatScore(examiner.subjectiveScore)}）
          </Text>
        </div>

        <Text size="sm" c="dimmed" mih={20}>
          {attend.data
            ? `进入 ${formatInstant(attend.data.enterTime)} · 截止 ${formatInstant(attend.data.deadline)} · 交卷 ${formatInstant(attend.data.submitTime)}${SUBMIT_TYPES[String(attend.data.submitType)] ?? ''} · 作答 ${attend.data.answeredCount} / ${attend.data.questionCount} 题 · 最近保存 ${formatInstant(attend.data.lastSavedAt)}`
            : attend.isError
              ? '参考记录读取失败'
              : ''}
        </Text>

        <nav aria-label="考生切换">
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconChevronLeft size={16} aria-hidden />}
              disabled={!previous}
              onClick={() => previous && void goTo(previous.userId)}
            >
              {previous ? `上一位：${previous.studentName}` : '上一位'}
            </Button>
            <Text size="sm" c="dimmed">
              {at >= 0 ? `第 ${at + 1} / ${list.length} 位` : ''}
            </Text>
            <Button
              variant="default"
              rightSection={<IconChevronRight size={16} aria-hidden />}
              disabled={!next}
              onClick={() => next && void goTo(next.userId)}
            >
              {next ? `下一位：${next.studentName}` : '下一位'}
            </Button>
          </Group>
        </nav>

        {!submitted ? (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            该考生{EXAM_ATTEND_STATUS_LABELS[examiner.attendStatus]}，交卷后才能评分。
          </Alert>
        ) : null}

        {paper.answers.map((item) => {
          const mark = marks[item.questionId];
          const error = mark ? markError(mark, item.score) : undefined;
          return (
            <Paper
              key={item.questionId}
              withBorder
              radius="md"
              p="md"
              component="section"
              aria-label={`第 ${item.orderNo} 题`}
            >
              <Stack gap="sm">
                <Group justify="space-between">
                  <Group gap="xs">
                    <Text fw={600}>第 {item.orderNo} 题</Text>
                    <Badge variant="light" radius="sm" color="gray">
                      {EXAM_QUESTION_TYPE_LABELS[item.type]}
                    </Badge>
                    <Text size="sm" c="dimmed">
                      {item.score} 分
                    </Text>
                  </Group>
                  {isSubjective(item.type) ? null : (
                    <Text size="sm">
                      自动评分：{formatScore(item.gotScore)} / {item.score}
                      {item.correct === null ? '' : item.correct ? '（正确）' : '（错误）'}
                    </Text>
                  )}
                </Group>
                <AnswerView item={item} />
                {mark ? (
                  <Stack gap="xs">
                    <NumberInput
                      label={`第 ${item.orderNo} 题得分`}
                      description={
                        isSubjective(item.type)
                          ? `0 到 ${item.score} 分，最小单位 0.5`
                          : `可修改自动评分（0 到 ${item.score} 分）；修改答案后的重新计分会按答案重算`
                      }
                      min={0}
                      max={item.score}
                      step={0.5}
                      decimalScale={1}
                      allowNegative={false}
                      w={200}
                      disabled={!submitted}
                      value={mark.score}
                      error={error}
                      onChange={(value) =>
                        setMarks((current) => ({ ...current, [item.questionId]: { ...mark, score: value } }))
                      }
                    />
                    <Textarea
                      label={`第 ${item.orderNo} 题评语`}
                      resize="vertical"
                      rows={2}
                      maxLength={1000}
                      disabled={!submitted}
                      value={mark.comment}
                      onChange={(event) => {
                        const comment = event.currentTarget.value;
                        setMarks((current) => ({ ...current, [item.questionId]: { ...mark, comment } }));
                      }}
                    />
                  </Stack>
                ) : null}
              </Stack>
            </Paper>
          );
        })}

        {refusal ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title="评分没有保存"
          >
            {refusal}
          </Alert>
        ) : null}

        {submitted ? (
          <Group justify="space-between" gap="sm">
            <Text size="sm" c={changed ? 'orange' : 'dimmed'} aria-live="polite">
              {changed
                ? '有未保存的评分'
                : savedAt
                  ? `评分已保存（${formatInstant(savedAt)}）`
                  : '评分与服务器一致'}
            </Text>
            <Group gap="sm">
              <Button
                variant="default"
                disabled={!canSave}
                loading={save.isPending}
                onClick={() => void saveMarks()}
              >
                保存评分
              </Button>
              <Button
                disabled={!canSave || !next}
                loading={save.isPending}
                onClick={async () => {
                  if (next && (await saveMarks())) await goTo(next.userId);
                }}
              >
                保存并下一位
              </Button>
            </Group>
          </Group>
        ) : null}
      </Stack>
    </Container>
  );
}
