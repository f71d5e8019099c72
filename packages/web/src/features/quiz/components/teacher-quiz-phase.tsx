import '@mantine/core/styles/Badge.layer.css';
import type { QuizBrief } from '@dfrm/sdk/tms';
import { Badge } from '@mantine/core';
import { QUIZ_STATUS_LABELS } from '@/shared/labels';

/**
 * Where a quiz stands for its students: a draft, published but not open yet, open (进行中), or
 * ended. The server already reports a quiz past its end as 2.
 */
export function quizPhase(quiz: Pick<QuizBrief, 'status' | 'startTime'>, now: number) {
  if (quiz.status === 0) return { label: QUIZ_STATUS_LABELS[0], color: 'gray' };
  if (quiz.status === 2) return { label: QUIZ_STATUS_LABELS[2], color: 'orange' };
  return now < quiz.startTime ? { label: '未开始', color: 'blue' } : { label: '进行中', color: 'teal' };
}

export function QuizPhaseBadge({
  quiz,
  now,
}: {
  quiz: Pick<QuizBrief, 'status' | 'startTime'>;
  now: number;
}) {
  const phase = quizPhase(quiz, now);
  return (
    <Badge variant="light" color={phase.color} radius="sm">
      {phase.label}
    </Badge>
  );
}
