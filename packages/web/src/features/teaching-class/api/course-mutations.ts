import {
  clearCourseSection,
  type CourseSave,
  delCourse,
  delCourseSection,
  updateCourse,
  uploadCourseSection,
} from '@dfrm/sdk/tms';
import { zUploadCourseSectionBody, zUploadCourseSectionPath } from '@dfrm/sdk/tms/zod';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { downloadApiFile } from '@/lib/api-file';
import { zFilePart } from '@/lib/file-part';
import { QUERY_ROOTS } from '@/shared/query-roots';
import { COURSE_KEY } from './course-queries';

/** Students' course lists and counts hang off courses too: every change to courses refreshes them. */
const meta = { invalidates: [QUERY_ROOTS.student] };

function refreshCourses(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: COURSE_KEY });
}

/** New course (no courseId) or edit: every chosen administrative class becomes a teaching class. */
export const saveCourseMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...COURSE_KEY, 'save'],
    meta,
    mutationFn: (body: CourseSave) => updateCourse({ body }),
    onSuccess: () => refreshCourses(queryClient),
  });

export const deleteCourseMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...COURSE_KEY, 'delete'],
    meta,
    mutationFn: (input: { schoolId: string; courseId: string }) => delCourse({ path: input }),
    onSuccess: () => refreshCourses(queryClient),
  });

export interface SectionUpload {
  schoolId: string;
  teacherId: string;
  courseId: string;
  file: File;
  mode: 'replace' | 'append';
}

const uploadSectionsRequest = z.object({
  body: z.extend(zUploadCourseSectionBody, { file: zFilePart }),
  path: zUploadCourseSectionPath,
});

/**
 * Imports sections from the template's .xlsx. A file with errors is not an
 * exception: the answer (success false, errors per row) is for the page to show.
 */
export const uploadSectionsMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...COURSE_KEY, 'uploadSections'],
    meta,
    mutationFn: ({ schoolId, teacherId, courseId, file, mode }: SectionUpload) =>
      uploadCourseSection({
        path: { schoolId, teacherId, courseId },
        body: { file, mode },
        requestValidator: (data) => uploadSectionsRequest.parseAsync(data),
      }),
    onSuccess: (result) => (result.success ? refreshCourses(queryClient) : undefined),
  });

export const deleteSectionMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...COURSE_KEY, 'deleteSection'],
    meta,
    mutationFn: (input: { schoolId: string; sectionId: string }) => delCourseSection({ path: input }),
    onSuccess: () => refreshCourses(queryClient),
  });

export const clearSectionsMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...COURSE_KEY, 'clearSections'],
    meta,
    mutationFn: (input: { schoolId: string; courseId: string }) => clearCourseSection({ path: input }),
    onSuccess: () => refreshCourses(queryClient),
  });

export const downloadSectionTemplateMutation = (auth: () => { token: string; userId: string } | null) =>
  mutationOptions({
    mutationKey: [...COURSE_KEY, 'sectionTemplate'],
    mutationFn: () =>
      downloadApiFile('/tms-server/courseMgr/downloadTemplateExcel', '课程章节导入模板.xlsx', auth()),
  });
