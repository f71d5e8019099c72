import type { MyExamItem } from '@dfrm/sdk/tms';
import { EXAM_ATTEND_STATUS_LABELS, EXAM_PHASE_LABELS } from '@/shared/labels';

/**
 * Where one of the student's exams stands for them, from the exam's phase and their attempt
 * (specs/tms/exam-student.yaml, MyExamItem): 未开始 / 进行中 / 已交卷 / 已结束 / 成绩已发布, and
 * what the list offers to do. An attempt under way counts as 进行中 even past the exam's end (a
 * student with extra time); a paper counts as 成绩已发布 once the server shows its score, which
 * follows the exam's result policy.
 */
export type MyExamState = 'notStarted' | 'open' | 'answering' | 'submitted' | 'released' | 'ended';

export const MY_EXAM_STATE_LABELS: Record<MyExamState, string> = {
  notStarted: EXAM_PHASE_LABELS[0],
  open: EXAM_PHASE_LABELS[1],
  answering: EXAM_PHASE_LABELS[1],
  submitted: EXAM_ATTEND_STATUS_LABELS[2],
  released: '成绩已发布',
  ended: EXAM_PHASE_LABELS[2],
};

export const MY_EXAM_STATE_COLORS: Record<MyExamState, string> = {
  notStarted: 'gray',
  open: 'blue',
  answering: 'blue',
  submitted: 'teal',
  released: 'grape',
  ended: 'gray',
};

export function myExamState(item: Pick<MyExamItem, 'phase' | 'attendStatus' | 'score'>): MyExamState {
  if (item.attendStatus === 2) return item.score === null ? 'submitted' : 'released';
  if (item.attendStatus === 1) return 'answering';
  if (item.attendStatus === 3 || item.phase === 2) return 'ended';
  return item.phase === 0 ? 'notStarted' : 'open';
}

/** The list's action for a state: where it leads and its words; null when nothing is left to do. */
export function myExamAction(state: MyExamState): { label: string; to: 'attention' | 'card' } | null {
  switch (state) {
    case 'notStarted':
      return { label: '考前须知', to: 'attention' };
    case 'open':
      return { label: '进入考试', to: 'attention' };
    case 'answering':
      return { label: '继续作答', to: 'card' };
    case 'submitted':
    case 'released':
      return { label: '查看成绩', to: 'card' };
    case 'ended':
      return null;
  }
}
