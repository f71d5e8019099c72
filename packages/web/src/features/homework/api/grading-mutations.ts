import {
  correctStudentWork,
  publishWorkScore,
  type StudentWorkBrief,
  type StudentWorkDetail,
  type StudentWorkStatus,
  type WorkAttachment,
  type WorkFinishCounts,
} from '@dfrm/sdk/tms';
import { type InfiniteData, mutationOptions, type QueryClient } from '@tanstack/react-query';
import { downloadApiFile } from '@/lib/api-file';
import { QUERY_ROOTS } from '@/shared/query-roots';
import { homeworkKeys } from '@/features/homework/api/homework-keys';
import { type FinishPage, gradingKeys } from '@/features/homework/api/grading-queries';

type Auth = { token: string; userId: string } | null;

export interface GradeInput {
  schoolId: string;
  workId: string;
  studentWorkId: string;
  /** The teacher's score; left out when returning the work. */
  score?: number;
  comment: string;
  /** 退回重做: the student redoes the work (the score is cleared). */
  returned?: boolean;
}

const COUNT_OF_STATUS: Record<StudentWorkStatus, keyof WorkFinishCounts> = {
  0: 'unsubmittedCount',
  1: 'submittedCount',
  2: 'correctedCount',
  3: 'returnedCount',
};

/** The counts after one hand-in moved from one status to another. */
function moveCount(
  counts: WorkFinishCounts,
  from: StudentWorkStatus,
  to: StudentWorkStatus,
): WorkFinishCounts {
  if (from === to) return counts;
  const next = { ...counts };
  next[COUNT_OF_STATUS[from]] = Math.max(0, (next[COUNT_OF_STATUS[from]] ?? 0) - 1);
  next[COUNT_OF_STATUS[to]] = (next[COUNT_OF_STATUS[to]] ?? 0) + 1;
  return next;
}

/**
 * What a grade changes on screen, written into the cache at once instead of refetching: the
 * hand-in, its row in every cached view of the list and their counts. The lists keep their order
 * (a graded row stays where it was in 待批改), so 下一份 walks the list the teacher came from; they
 * are marked stale and reload when the completion page shows again. Nothing is refetched while
 * grading: the next student shows at once.
 */
function applyGrade(queryClient: QueryClient, input: GradeInput, brief: StudentWorkBrief): void {
  void queryClient.invalidateQueries({
    queryKey: homeworkKeys.all,
    refetchType: 'none',
    // another student's hand-in does not change with this one's grade
    predicate: (query) => !(query.queryKey[2] === 'finish' && query.queryKey[3] === 'detail'),
  });
  // the course lists and statistics show averages of final scores
  for (const queryKey of [QUERY_ROOTS.course, QUERY_ROOTS.student, QUERY_ROOTS.myCourse]) {
    void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  }
  queryClient.setQueryData<StudentWorkDetail>(
    gradingKeys.detail(input.schoolId, input.studentWorkId),
    (old) => old && { ...old, ...brief, comment: input.comment },
  );
  let from: StudentWorkStatus | undefined;
  for (const [, data] of queryClient.getQueriesData<InfiniteData<FinishPage>>({
    queryKey: gradingKeys.lists(input.schoolId, input.workId),
  })) {
    const row = data?.pages.flatMap((page) => page.list).find((r) => r.studentWorkId === brief.studentWorkId);
    if (row) from = row.status;
  }
  queryClient.setQueriesData<InfiniteData<FinishPage>>(
    { queryKey: gradingKeys.lists(input.schoolId, input.workId) },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          list: page.list.map((row) =>
            row.studentWorkId === brief.studentWorkId ? { ...row, ...brief } : row,
          ),
          counts: from === undefined ? page.counts : moveCount(page.counts, from, brief.status),
        })),
      },
  );
}

/** 保存评分 and 退回重做 (correctStudentWork). The grading panel shows a refusal itself. */
export const gradeMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...gradingKeys.all, 'grade'],
    mutationFn: (input: GradeInput) =>
      correctStudentWork({
        body: {
          schoolId: input.schoolId,
          studentWorkId: input.studentWorkId,
          comment: input.comment,
          ...(input.returned ? { returned: true } : { score: input.score }),
        },
      }),
    onSuccess: (brief, input) => applyGrade(queryClient, input, brief),
    meta: { silentError: true },
  });

/** 公布成绩: students see their scores and comments from now on. */
export const publishScoresMutation = () =>
  mutationOptions({
    mutationKey: [...gradingKeys.all, 'publish'],
    mutationFn: ({ schoolId, workId }: { schoolId: string; workId: string }) =>
      publishWorkScore({ path: { schoolId, workId } }),
    // the work, its lists and the students' results; averages in the course lists
    meta: { invalidates: [homeworkKeys.all, QUERY_ROOTS.course, QUERY_ROOTS.student, QUERY_ROOTS.myCourse] },
  });

/** 导出 Excel: the whole finish list as .xlsx, saved under the server's file name. */
export const exportFinishMutation = (auth: () => Auth) =>
  mutationOptions({
    mutationKey: [...gradingKeys.all, 'export'],
    mutationFn: ({ schoolId, workId, title }: { schoolId: string; workId: string; title: string }) =>
      downloadApiFile(
        `/tms-server/courseWorkMgr/export/work/finish/excel?schoolId=${encodeURIComponent(schoolId)}&workId=${encodeURIComponent(workId)}`,
        `${title}-完成情况.xlsx`,
        auth(),
      ),
  });

/** 下载 of a student's file (its url is the downloadStudentWorkFile path). */
export const downloadWorkFileMutation = (auth: () => Auth) =>
  mutationOptions({
    mutationKey: [...gradingKeys.all, 'download'],
    mutationFn: (file: WorkAttachment) => downloadApiFile(file.url, file.fileName, auth()),
  });
