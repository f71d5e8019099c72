import {
  getCourseWorkInfo,
  getWorkFinishInfo,
  queryWorkFinishStatus,
  type QueryWorkFinishStatusResponse,
  type StudentWorkFinishItem,
} from '@dfrm/sdk/tms';
import {
  infiniteQueryOptions,
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import { ensureSchoolId } from '@/shared/session/current-school-id';
import { homeworkKeys } from '@/features/homework/api/homework-keys';
import {
  type FinishListParams,
  type FinishListSearch,
  finishListParams,
} from '@/features/homework/grading-search';

/** The API's largest page: a work's hand-ins arrive 200 at a time as the list scrolls. */
export const FINISH_PAGE_SIZE = 200;

export type FinishPage = QueryWorkFinishStatusResponse;
export type FinishRow = StudentWorkFinishItem;

/** The completion list and the grading view: a work, its hand-ins, one hand-in in full. */
export const gradingKeys = {
  all: [...homeworkKeys.teacher, 'finish'] as const,
  /** Every view (filter, order) of a work's list: what a grade patches. */
  lists: (schoolId: string, workId: string) =>
    [...homeworkKeys.teacher, 'finish', 'list', schoolId, workId] as const,
  list: (schoolId: string, workId: string, params: FinishListParams) =>
    [...homeworkKeys.teacher, 'finish', 'list', schoolId, workId, params] as const,
  detail: (schoolId: string, studentWorkId: string) =>
    [...homeworkKeys.teacher, 'finish', 'detail', schoolId, studentWorkId] as const,
  work: (schoolId: string, workId: string) =>
    [...homeworkKeys.teacher, 'finish', 'work', schoolId, workId] as const,
  filePreview: (studentWorkId: string, url: string) =>
    [...homeworkKeys.teacher, 'finish', 'preview', studentWorkId, url] as const,
};

/** A work's hand-ins in pages of 200, filtered and sorted by the server, with the work's counts. */
export const finishListQuery = (schoolId: string, workId: string, params: FinishListParams) =>
  infiniteQueryOptions({
    queryKey: gradingKeys.list(schoolId, workId, params),
    queryFn: ({ pageParam, signal }) =>
      queryWorkFinishStatus({
        body: { schoolId, workId, pageIndex: pageParam, pageSize: FINISH_PAGE_SIZE, ...params },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * FINISH_PAGE_SIZE < last.total ? pages.length + 1 : undefined,
    placeholderData: keepPreviousData,
  });

/** One hand-in as the grading view shows it: the answer, its files, the current score and comment. */
export const finishDetailQuery = (schoolId: string, studentWorkId: string) =>
  queryOptions({
    queryKey: gradingKeys.detail(schoolId, studentWorkId),
    queryFn: ({ signal }) => getWorkFinishInfo({ path: { schoolId, studentWorkId }, signal }),
  });

/** The work itself: title, course, deadline, total and late policy, publication of scores. */
export const finishWorkQuery = (schoolId: string, workId: string) =>
  queryOptions({
    queryKey: gradingKeys.work(schoolId, workId),
    queryFn: ({ signal }) => getCourseWorkInfo({ path: { schoolId, workId }, signal }),
  });

export const rowsOf = (data: InfiniteData<FinishPage> | undefined): FinishRow[] =>
  data?.pages.flatMap((page) => page.list) ?? [];

/**
 * Loader of the completion page: the work and the list's first 200 rows, awaited so the page
 * renders once with both (its skeleton shows meanwhile). A missing work fails the route.
 */
export async function ensureWorkComplete(queryClient: QueryClient, search: FinishListSearch): Promise<void> {
  if (!search.workId) return;
  const schoolId = await ensureSchoolId(queryClient);
  await Promise.all([
    queryClient.ensureQueryData(finishWorkQuery(schoolId, search.workId)),
    queryClient.prefetchInfiniteQuery(finishListQuery(schoolId, search.workId, finishListParams(search))),
  ]);
}

/**
 * Loader of the grading view: the hand-in and its work, both usually cached (the list's
 * neighbours are fetched ahead), so moving to the next student waits for nothing. The list the
 * teacher came from loads alongside without holding the page.
 */
export async function ensureGrading(
  queryClient: QueryClient,
  studentWorkId: string,
  search: FinishListSearch,
): Promise<void> {
  const schoolId = await ensureSchoolId(queryClient);
  const workId =
    search.workId ?? (await queryClient.ensureQueryData(finishDetailQuery(schoolId, studentWorkId))).workId;
  // as it is cached: the view walks the list as the teacher left it, not as it is now
  void queryClient
    .ensureInfiniteQueryData(finishListQuery(schoolId, workId, finishListParams(search)))
    .catch(() => undefined);
  await Promise.all([
    queryClient.ensureQueryData(finishDetailQuery(schoolId, studentWorkId)),
    queryClient.ensureQueryData(finishWorkQuery(schoolId, workId)),
  ]);
}
