import '@mantine/core/styles/List.layer.css';
import type { ExaminerCheckResponse, ExaminerGetBaseResponse } from '@dfrm/sdk/tms';
import { Alert, Anchor, Button, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LoadError } from '@/components/feedback/load-error';
import { preloadRichTextView } from '@/components/rich-text/rich-text-view';
import { useServerTimeReached } from '@/lib/server-clock';
import { formatInstant } from '@/shared/format';
import { EXAM_QUESTION_TYPE_LABELS, EXAM_RESULT_POLICY_LABELS } from '@/shared/labels';
import { enterExamMutation } from '@/features/exam/api/student-exam-mutations';
import { examBaseQuery, examCheckQuery } from '@/features/exam/api/student-exam-queries';
import { StudentExamAttentionSkeleton } from './student-exam-skeletons';

/** The notice page's loader: the admission check and the exam's rules, side by side. */
export async function loadStudentExamAttention(queryClient: QueryClient, examId: string | undefined) {
  if (!examId) return;
  await Promise.all([
    queryClient.prefetchQuery(examCheckQuery(examId)),
    queryClient.prefetchQuery(examBaseQuery(examId)),
    preloadRichTextView(),
  ]);
}

/** Why the student cannot enter now (examiner/check's reason), in their words. */
function refusal(check: ExaminerCheckResponse): { title: string; text: string } | null {
  switch (check.reason) {
    case 0:
      return null;
    case 1:
      return {
        title: '考试尚未开始',
        text: `考试将于 ${formatInstant(check.startTime)} 开始，到时即可进入作答。`,
      };
    case 2:
      return {
        title: '考试已结束',
        text:
          check.attendStatus === 1
            ? '你的作答时间已用完，答卷会由系统自动交卷。'
            : `考试已于 ${formatInstant(check.endTime)} 结束，不能再进入作答。`,
      };
    case 3:
      return { title: '你已交卷', text: '这场考试你已经交卷，不能再次作答，可以查看考试结果。' };
    case 4:
      return {
        title: '你不在考生名单中',
        text: '这场考试的考生名单里没有你，不能参加。如有疑问，请联系任课老师。',
      };
    case 5:
      return { title: '考试已下架', text: '老师已将这场考试下架，暂时不能进入。' };
  }
}

export function StudentExamAttentionPage({ examId }: { examId: string | undefined }) {
  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <div>
          <Anchor renderRoot={(props) => <Link {...props} to="/my/examination" />} size="sm" c="dimmed">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              返回我的考试
            </Group>
          </Anchor>
        </div>
        {examId ? (
          <Attention examId={examId} />
        ) : (
          <>
            <Title order={1} fz="h2">
              考前须知
            </Title>
            <LoadError title="没有指定考试" error="请从“我的考试”列表进入考试。" />
          </>
        )}
      </Stack>
    </Container>
  );
}

function Attention({ examId }: { examId: string }) {
  const check = useQuery(examCheckQuery(examId));
  const base = useQuery(examBaseQuery(examId));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const enter = useMutation(enterExamMutation(queryClient));

  // the exam opens while the page is shown: ask again, and 开始考试 becomes available
  const opened = useServerTimeReached(check.data?.reason === 1 ? check.data.startTime : Infinity);
  const { refetch: recheck } = check;
  useEffect(() => {
    if (opened) void recheck();
  }, [opened, recheck]);

  if (check.isError) {
    return (
      <>
        <Title order={1} fz="h2">
          考前须知
        </Title>
        <LoadError title="考试加载失败" error={check.error} onRetry={() => void check.refetch()} />
      </>
    );
  }
  if (!check.data) return <StudentExamAttentionSkeleton embedded />;
  const reason = refusal(check.data);
  // not on the list, or withdrawn: the rules are not the student's to read
  if (check.data.reason === 4 || check.data.reason === 5) {
    return (
      <>
        <Title order={1} fz="h2">
          无法参加考试
        </Title>
        <Alert color="red" icon={<IconLock size={18} aria-hidden />} title={reason?.title}>
          {reason?.text}
        </Alert>
      </>
    );
  }
  if (base.isError) {
    return (
      <>
        <Title order={1} fz="h2">
          考前须知
        </Title>
        <LoadError title="考试信息加载失败" error={base.error} onRetry={() => void base.refetch()} />
      </>
    );
  }
  if (!base.data) return <StudentExamAttentionSkeleton embedded />;

  const continuing = check.data.attendStatus === 1;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          {base.data.examName}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          考前须知 · 考试编号 {base.data.examNumber}
        </Text>
      </div>

      <ExamRules base={base.data} />

      {base.data.attendNotice ? (
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="exam-notice-title">
          <Title order={2} fz="h4" id="exam-notice-title">
            老师的考前须知
          </Title>
          <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {base.data.attendNotice}
          </Text>
        </Paper>
      ) : null}

      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="exam-enter-title">
        <Title order={2} fz="h4" id="exam-enter-title">
          {continuing ? '继续考试' : '进入考试'}
        </Title>
        <Stack gap="sm" mt="sm">
          {reason ? (
            <Alert
              color={check.data.reason === 1 ? 'blue' : check.data.reason === 3 ? 'teal' : 'orange'}
              icon={<IconInfoCircle size={18} aria-hidden />}
              title={reason.title}
            >
              {reason.text}
            </Alert>
          ) : (
            <Text size="sm">
              {continuing
                ? '你已进入过这场考试，作答时间在继续计算；继续作答会带回你已保存的全部答案。'
                : `点击“开始考试”后开始计时，作答时长 ${base.data.duration} 分钟，不能暂停。`}
            </Text>
          )}
          {enter.isError ? <LoadError title="没能进入考试" error={enter.error} /> : null}
          <Group>
            {/* submitted, or the time of an attempt ran out: the card hands in and shows the result */}
            {check.data.reason === 3 || (check.data.reason === 2 && continuing) ? (
              <Button
                renderRoot={(props) => <Link {...props} to="/examination/$id" params={{ id: examId }} />}
              >
                查看考试结果
              </Button>
            ) : (
              <Button
                size="md"
                disabled={!check.data.canEnter}
                loading={enter.isPending}
                onClick={() =>
                  enter.mutate(examId, {
                    onSuccess: (paper) =>
                      void navigate({ to: '/examination/$id', params: { id: paper.examId } }),
                  })
                }
              >
                {continuing ? '继续考试' : '开始考试'}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The rules of the exam: window, duration, questions, scores, how results are shown, saving. */
function ExamRules({ base }: { base: ExaminerGetBaseResponse }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="exam-rules-title">
      <Title order={2} fz="h4" id="exam-rules-title">
        考试规则
      </Title>
      {base.description ? (
        <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {base.description}
        </Text>
      ) : null}
      <List size="sm" spacing={6} mt="sm">
        <List.Item>
          考试时间：{formatInstant(base.startTime)} 至 {formatInstant(base.endTime)}，在这段时间内进入考试。
        </List.Item>
        <List.Item>
          作答时长：{base.duration} 分钟，从进入考试开始计时；到考试结束时间仍未用完的，也在考试结束时截止。
        </List.Item>
        <List.Item>
          试题：共 {base.questionCount} 题
          {base.typeCounts.length > 0
            ? `（${base.typeCounts
                .map((item) => `${EXAM_QUESTION_TYPE_LABELS[item.type]} ${item.count} 题 ${item.score} 分`)
                .join('，')}）`
            : ''}
          ，总分 {base.totalScore} 分，及格 {base.passScore} 分。
        </List.Item>
        <List.Item>成绩公开方式：{EXAM_RESULT_POLICY_LABELS[base.resultPolicy]}。</List.Item>
        <List.Item>
          答案在每次修改后自动保存；如果网络中断，请继续作答，答案会先保存在本机浏览器中，网络恢复后自动发送。刷新页面或换用其他设备可以继续作答，已保存的答案都在。
        </List.Item>
        <List.Item>剩余时间以服务器时间为准；到截止时间系统会用已保存的答案自动交卷。</List.Item>
      </List>
    </Paper>
  );
}
