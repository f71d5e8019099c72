import {
  delStudent,
  schoolMgrDelStudent,
  schoolMgrUpdateStudent,
  schoolMgrUpdateStudentStatus,
  schoolUploadStudent,
  type StudentPage,
  type StudentSave,
  type StudentStatus,
  updateStudent,
  updateStudentStatus,
  uploadStudent,
} from '@dfrm/sdk/tms';
import {
  zSchoolUploadStudentBody,
  zSchoolUploadStudentPath,
  zUploadStudentBody,
  zUploadStudentPath,
} from '@dfrm/sdk/tms/zod';
import { type InfiniteData, mutationOptions, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { downloadApiFile } from '@/lib/api-file';
import { zFilePart } from '@/lib/file-part';
import { QUERY_ROOTS } from '@/shared/query-roots';
import { STUDENT_KEY, type StudentScope } from './student-queries';

/** Course pages count students too: every change to students refreshes them. */
const meta = { invalidates: [QUERY_ROOTS.course] };

type ListData = InfiniteData<StudentPage, number>;

/**
 * Changes one student in every loaded list at once, then marks the lists stale
 * without refetching: a long list holds up to 50 pages, which a refetch would
 * all reload to show one changed row.
 */
async function patchLists(
  queryClient: QueryClient,
  change: (page: StudentPage) => StudentPage,
): Promise<void> {
  queryClient.setQueriesData<ListData>({ queryKey: [...STUDENT_KEY, 'list'] }, (data) =>
    data ? { ...data, pages: data.pages.map(change) } : data,
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...STUDENT_KEY, 'list'], refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: [...STUDENT_KEY, 'courseData'] }),
    queryClient.invalidateQueries({ queryKey: [...STUDENT_KEY, 'courseList'] }),
  ]);
}

/** Everything about students is re-read (after adding or importing students). */
function refreshAll(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: STUDENT_KEY });
}

export interface StatusChange {
  schoolId: string;
  studentId: string;
  status: StudentStatus;
}

export const changeStatusMutation = (queryClient: QueryClient, scope: StudentScope) =>
  mutationOptions({
    mutationKey: [...STUDENT_KEY, 'status'],
    meta,
    mutationFn: ({ schoolId, studentId, status }: StatusChange) => {
      const call = scope === 'schoolManager' ? schoolMgrUpdateStudentStatus : updateStudentStatus;
      return call({ path: { schoolId, studentId, status } });
    },
    onSuccess: (answer) =>
      patchLists(queryClient, (page) => ({
        ...page,
        list: page.list.map((student) =>
          student.studentId === answer.studentId ? { ...student, status: answer.status } : student,
        ),
      })),
  });

export const deleteStudentMutation = (queryClient: QueryClient, scope: StudentScope) =>
  mutationOptions({
    mutationKey: [...STUDENT_KEY, 'delete'],
    meta,
    mutationFn: ({ schoolId, studentId }: { schoolId: string; studentId: string }) => {
      const call = scope === 'schoolManager' ? schoolMgrDelStudent : delStudent;
      return call({ path: { schoolId, studentId } });
    },
    onSuccess: (_answer, { studentId }) =>
      patchLists(queryClient, (page) => {
        const list = page.list.filter((student) => student.studentId !== studentId);
        return { list, total: page.total - (page.list.length - list.length) };
      }),
  });

export const saveStudentMutation = (queryClient: QueryClient, scope: StudentScope) =>
  mutationOptions({
    mutationKey: [...STUDENT_KEY, 'save'],
    meta,
    mutationFn: (body: StudentSave) =>
      (scope === 'schoolManager' ? schoolMgrUpdateStudent : updateStudent)({ body }),
    onSuccess: (saved, body) =>
      body.studentId
        ? patchLists(queryClient, (page) => ({
            ...page,
            list: page.list.map((student) =>
              student.studentId === saved.studentId ? { ...student, ...saved } : student,
            ),
          }))
        : refreshAll(queryClient),
  });

export interface StudentUpload {
  schoolId: string;
  collegeId: string;
  majorId: string;
  gradeId: string;
  classId: string;
  file: File;
}

const uploadStudentRequest = {
  teacher: z.object({ body: z.extend(zUploadStudentBody, { file: zFilePart }), path: zUploadStudentPath }),
  schoolManager: z.object({
    body: z.extend(zSchoolUploadStudentBody, { file: zFilePart }),
    path: zSchoolUploadStudentPath,
  }),
} satisfies Record<StudentScope, unknown>;

/**
 * Imports the template's .xlsx into one administrative class. Rows with errors
 * are an answer, not a failure: success false with the errors, nothing imported.
 */
export const uploadStudentsMutation = (queryClient: QueryClient, scope: StudentScope) =>
  mutationOptions({
    mutationKey: [...STUDENT_KEY, 'upload'],
    meta,
    mutationFn: ({ file, ...path }: StudentUpload) => {
      const call = scope === 'schoolManager' ? schoolUploadStudent : uploadStudent;
      return call({
        path,
        body: { file },
        requestValidator: (data) => uploadStudentRequest[scope].parseAsync(data),
      });
    },
    onSuccess: (result) => (result.success ? refreshAll(queryClient) : undefined),
  });

export const downloadStudentTemplateMutation = (auth: () => { token: string; userId: string } | null) =>
  mutationOptions({
    mutationKey: [...STUDENT_KEY, 'template'],
    mutationFn: () =>
      downloadApiFile('/tms-server/studentMgr/downloadTemplateExcel', '学生导入模板.xlsx', auth()),
  });
