import type { ExaminerResultsSubmitResponse } from '@dfrm/sdk/tms';
import { ErrCode, isApiError } from '@dfrm/sdk';
import { Alert, Anchor, Button, Container, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconClockExclamation, IconInfoCircle } from '@tabler/icons-react';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { LoadError } from '@/components/feedback/load-error';
import { preloadRichTextView } from '@/components/rich-text/rich-text-view';
import { errorMessage } from '@/shared/error-notifications';
import { useSession } from '@/shared/session/session-context';
import { examPaperQuery, examResultsQuery, examStatusQuery } from '@/features/exam/api/student-exam-queries';
import { ExamCard } from '@/features/exam/components/exam-card/exam-card';
import { CardSkeleton } from '@/features/exam/components/exam-card/exam-card-skeleton';
import { ExamResult, type JustSubmitted } from '@/features/exam/components/exam-card/exam-result';
import { LateSubmit } from '@/features/exam/components/exam-card/late-submit';

// While answering, the status is asked again this often: a deadline moved by extra time, a paper
// submitted from another device or by the server, and the server's clock.
const STATUS_EVERY_MS = 30_000;

/**
 * The card's loader: the attempt's status first (it decides what the page is), then the paper of
 * an attempt under way or the result of a submitted one. Asking for the paper of an attempt not
 * yet entered would start it, so that is left to the notice page's 开始考试.
 */
export async function loadStudentExamCard(queryClient: QueryClient, examId: string | undefined) {
  if (!examId) return;
  await Promise.all([queryClient.prefetchQuery(examStatusQuery(examId)), preloadRichTextView()]);
  const status = queryClient.getQueryData(examStatusQuery(examId).queryKey);
  if (status?.attendStatus === 1) await queryClient.prefetchQuery(examPaperQuery(examId));
  else if (status?.attendStatus === 2) await queryClient.prefetchQuery(examResultsQuery(examId));
}

export function StudentExamCardPage({ examId }: { examId: string | undefined }) {
  return (
    <Container size="xl" py="md">
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
          <CardBody examId={examId} />
        ) : (
          <>
            <Title order={1} fz="h2">
              考试
            </Title>
            <LoadError title="没有指定考试" error="请从“我的考试”列表进入考试。" />
          </>
        )}
      </Stack>
    </Container>
  );
}

function CardBody({ examId }: { examId: string }) {
  const [justSubmitted, setJustSubmitted] = useState<JustSubmitted | null>(null);
  const status = useQuery({
    ...examStatusQuery(examId),
    refetchInterval: (query) => (query.state.data?.attendStatus === 1 ? STATUS_EVERY_MS : false),
  });
  const onSubmitted = useCallback(
    (result: ExaminerResultsSubmitResponse) => setJustSubmitted({ submitType: result.submitType }),
    [],
  );

  if (justSubmitted) return <ExamResult examId={examId} justSubmitted={justSubmitted} />;
  if (status.isError && !status.data) {
    return (
      <>
        <Title order={1} fz="h2">
          考试
        </Title>
        <LoadError title="考试加载失败" error={status.error} onRetry={() => void status.refetch()} />
      </>
    );
  }
  if (!status.data) return <CardSkeleton />;

  switch (status.data.attendStatus) {
    case 2:
      return <ExamResult examId={examId} justSubmitted={null} />;
    case 1:
      return <Attempt examId={examId} deadline={status.data.deadline} onSubmitted={onSubmitted} />;
    case 0:
      return (
        <>
          <Title order={1} fz="h2">
            还没有开始作答
          </Title>
          <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />} title="请先阅读考前须知">
            你还没有进入这场考试。阅读考前须知后点击“开始考试”，作答时间从那时开始计算。
          </Alert>
          <Group>
            <Button renderRoot={(props) => <Link {...props} to="/attention" search={{ examId }} />}>
              查看考前须知
            </Button>
          </Group>
        </>
      );
    case 3:
      return (
        <>
          <Title order={1} fz="h2">
            未参加考试
          </Title>
          <Alert color="gray" icon={<IconClockExclamation size={18} aria-hidden />} title="缺考">
            考试已经结束，你没有进入这场考试。
          </Alert>
        </>
      );
  }
}

/** An attempt under way: its paper with the saved answers, then the card. */
function Attempt({
  examId,
  deadline,
  onSubmitted,
}: {
  examId: string;
  deadline: number | null;
  onSubmitted: (result: ExaminerResultsSubmitResponse) => void;
}) {
  const paper = useQuery(examPaperQuery(examId));
  const userId = useSession().user?.userId ?? '';

  if (paper.isError) {
    // refused: the attempt's time ran out (the status was read just before it did)
    if (isApiError(paper.error) && paper.error.errCode === ErrCode.refused) {
      return (
        <LateSubmit
          examId={examId}
          userId={userId}
          reason={errorMessage(paper.error)}
          onSubmitted={onSubmitted}
        />
      );
    }
    return (
      <>
        <Title order={1} fz="h2">
          考试
        </Title>
        <LoadError title="试卷加载失败" error={paper.error} onRetry={() => void paper.refetch()} />
      </>
    );
  }
  if (!paper.data) return <CardSkeleton />;
  return (
    <ExamCard
      examId={examId}
      userId={userId}
      paper={paper.data}
      deadline={deadline ?? paper.data.deadline ?? 0}
      onSubmitted={onSubmitted}
    />
  );
}
