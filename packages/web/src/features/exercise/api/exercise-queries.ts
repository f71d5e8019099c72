import {
  type ExerciseDifficulty,
  type ExerciseType,
  examRepoDetail,
  examRepoPaperDetail,
  exerciseListByTag,
  exercisePaperList,
  exercisePaperListByTag,
  exercisePaperTagList,
  exerciseTagList,
} from '@dfrm/sdk/resource';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { QUERY_ROOTS } from '@/shared/query-roots';

export const EXERCISE_PAGE_SIZE = 20;
export const PAPER_PAGE_SIZE = 20;
/** The manual paper's picker: one page of a 题库 at a time. */
export const PICKER_PAGE_SIZE = 10;

export interface ExerciseListParams {
  tagId: string;
  pageIndex: number;
  pageSize?: number;
  type?: ExerciseType | undefined;
  difficulty?: ExerciseDifficulty | undefined;
  keyword?: string | undefined;
}

export interface PaperListParams {
  /** A paper tag; undefined lists every paper. */
  tagId?: string | undefined;
  pageIndex: number;
  keyword?: string | undefined;
}

/** Every key of the exercise feature starts with its root; invalidate by prefix. */
export const exerciseKeys = {
  all: QUERY_ROOTS.exercise,
  tags: () => [...QUERY_ROOTS.exercise, 'tags'] as const,
  list: (params: ExerciseListParams) => [...QUERY_ROOTS.exercise, 'list', params] as const,
  paperTags: () => [...QUERY_ROOTS.exercise, 'paperTags'] as const,
  papers: (params: PaperListParams) => [...QUERY_ROOTS.exercise, 'papers', params] as const,
  paperDetail: (paperId: string) => [...QUERY_ROOTS.exercise, 'paperDetail', paperId] as const,
  repo: (repoId: string) => [...QUERY_ROOTS.exercise, 'repo', repoId] as const,
};

const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** The teacher's exercise tags (题库), flat: top-level first, then children, each by sortPri. */
export const exerciseTagsQuery = () =>
  queryOptions({
    queryKey: exerciseKeys.tags(),
    queryFn: ({ signal }) => exerciseTagList({ signal }),
  });

/** One page of a tag's exercises (its child tags' included), newest change first. */
export const exerciseListQuery = (params: ExerciseListParams) =>
  queryOptions({
    queryKey: exerciseKeys.list(params),
    queryFn: ({ signal }) =>
      exerciseListByTag({
        body: withoutUndefined({ ...params, pageSize: params.pageSize ?? EXERCISE_PAGE_SIZE }),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const paperTagsQuery = () =>
  queryOptions({
    queryKey: exerciseKeys.paperTags(),
    queryFn: ({ signal }) => exercisePaperTagList({ signal }),
  });

/** The teacher's papers (those built from a 题库 too), newest change first. */
export const paperListQuery = (params: PaperListParams) =>
  queryOptions({
    queryKey: exerciseKeys.papers(params),
    queryFn: ({ signal }) => {
      const body = withoutUndefined({
        pageIndex: params.pageIndex,
        pageSize: PAPER_PAGE_SIZE,
        keyword: params.keyword,
      });
      return params.tagId
        ? exercisePaperListByTag({ body: { ...body, tagId: params.tagId }, signal })
        : exercisePaperList({ body, signal });
    },
    placeholderData: keepPreviousData,
  });

/** A paper by sections, with the key and analysis. */
export const paperDetailQuery = (paperId: string) =>
  queryOptions({
    queryKey: exerciseKeys.paperDetail(paperId),
    queryFn: ({ signal }) => examRepoPaperDetail({ body: { paperId, withAnswer: true }, signal }),
  });

/** How many questions a 题库 holds by type and difficulty: what a random rule can draw from. */
export const repoDetailQuery = (repoId: string) =>
  queryOptions({
    queryKey: exerciseKeys.repo(repoId),
    queryFn: ({ signal }) => examRepoDetail({ path: { repoId }, signal }),
  });
