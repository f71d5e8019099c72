import { Container } from '@mantine/core';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '@/components/feedback/load-error';
import { preloadRichTextView } from '@/components/rich-text/rich-text-view';
import { observeServerTime } from '@/lib/server-clock';
import { createPaperMutation } from '@/features/quiz/api/student-mutations';
import {
  studentPaperQuery,
  studentQuizDetailQuery,
  studentQuizKeys,
} from '@/features/quiz/api/student-queries';
import { QuizIntro } from '@/features/quiz/components/quiz-card/quiz-intro';
import { QuizPaperView } from '@/features/quiz/components/quiz-card/quiz-paper';
import { StartTestSkeleton } from './student-skeletons';

/**
 * The quiz card's loader: the quiz, and the paper when one is in progress (a reload goes straight
 * back to it). A quiz that cannot be read is told on the page, not as a failed route.
 */
export async function loadStartTestPage(queryClient: QueryClient, quizId: string): Promise<void> {
  const [detail] = await Promise.all([
    queryClient.fetchQuery(studentQuizDetailQuery(quizId)).catch(() => null),
    preloadRichTextView(),
  ]);
  if (detail?.myPaperStatus === 0 && detail.myPaperId)
    await queryClient.prefetchQuery(studentPaperQuery(detail.myPaperId));
}

/** /start-test/{id}: the quiz's detail and 开始作答, then the paper. */
export function StudentStartTestPage({ quizId }: { quizId: string }) {
  const queryClient = useQueryClient();
  const detail = useQuery(studentQuizDetailQuery(quizId));
  const [startedPaperId, setStartedPaperId] = useState<string | null>(null);
  const create = useMutation({
    ...createPaperMutation(),
    onSuccess: (paper) => {
      observeServerTime(paper.serverTime);
      queryClient.setQueryData(studentQuizKeys.paper(paper.paperId), paper);
      setStartedPaperId(paper.paperId);
    },
  });
  const paperId = startedPaperId ?? (detail.data?.myPaperStatus === 0 ? detail.data.myPaperId : null);
  const paper = useQuery({ ...studentPaperQuery(paperId ?? ''), enabled: paperId !== null });

  let body;
  if (detail.isPending) return <StartTestSkeleton />;
  if (detail.isError) {
    body = <LoadError title="测验加载失败" error={detail.error} onRetry={() => void detail.refetch()} />;
  } else if (paperId !== null) {
    if (paper.isPending) return <StartTestSkeleton />;
    body = paper.isError ? (
      <LoadError title="答卷加载失败" error={paper.error} onRetry={() => void paper.refetch()} />
    ) : (
      <QuizPaperView paper={paper.data} />
    );
  } else {
    body = (
      <QuizIntro
        quiz={detail.data}
        onStart={() => create.mutate(quizId)}
        starting={create.isPending}
        startError={create.error}
      />
    );
  }
  return (
    <Container size="lg" py="md">
      {body}
    </Container>
  );
}
