import { idSearchValue } from '@/lib/search-params';

/** The tab of 题库与试卷 on the right of the tag list. */
export type ExerciseManageTab = 'exercises' | 'papers';

/**
 * 题库与试卷's view as search params (?tagId=&tab=): the chosen 题库 (an exercise tag) and the tab,
 * so the way back from a paper's detail returns to the same place.
 */
export interface ExerciseManageSearch {
  tagId?: string;
  tab?: ExerciseManageTab;
}

/** The route's validateSearch: what is not understood is dropped rather than sent to the server. */
export function exerciseManageSearch(search: Record<string, unknown>): ExerciseManageSearch {
  const result: ExerciseManageSearch = {};
  const tagId = idSearchValue(search.tagId);
  if (tagId) result.tagId = tagId;
  if (search.tab === 'papers') result.tab = 'papers';
  return result;
}

export const EXERCISE_MANAGE_PATH = '/teaching-manage/teacher/exam/manage' as const;
export const PAPER_DETAIL_PATH = '/teaching-manage/teacher/exam/detail/$tagId/$id' as const;
