import {
  type CreatCourseGroupData,
  creatCourseGroup,
  createStudentWorkGroup,
  type PreviewGroupV2Data,
  previewGroupV2,
  removeGroupMember,
} from '@dfrm/sdk/tms';
import { mutationOptions } from '@tanstack/react-query';
import { homeworkKeys } from './homework-keys';

export type GroupSetSave = CreatCourseGroupData['body'];
export type GroupPreviewRequest = PreviewGroupV2Data['body'];

/**
 * Saving a set changes the teacher's set lists and, for published works using it, their
 * student works (the teacher's finish lists). The page shows the refusal next to the form.
 */
export const saveGroupSetMutation = () =>
  mutationOptions({
    mutationKey: ['homework', 'groups', 'save'],
    mutationFn: (body: GroupSetSave) => creatCourseGroup({ body }),
    meta: { invalidates: [homeworkKeys.groups, homeworkKeys.teacher], silentError: true },
  });

/** A proposal of teams, not saved: nothing to invalidate. */
export const previewGroupsMutation = () =>
  mutationOptions({
    mutationKey: ['homework', 'groups', 'preview'],
    mutationFn: (body: GroupPreviewRequest) => previewGroupV2({ body }),
    meta: { silentError: true },
  });

/**
 * A student's team changes their own works (a new team gets its student work at once) and
 * the classmates' grouping state; the panel shows refusals itself.
 */
const studentMeta = { invalidates: [homeworkKeys.groups, homeworkKeys.student], silentError: true };

export const createMyTeamMutation = () =>
  mutationOptions({
    mutationKey: ['homework', 'groups', 'create-team'],
    mutationFn: ({
      schoolId,
      workId,
      groupName,
      studentIds,
    }: {
      schoolId: string;
      workId: string;
      groupName: string;
      studentIds: readonly string[];
    }) =>
      createStudentWorkGroup({
        path: { schoolId, workId },
        query: {
          ...(groupName ? { groupName } : {}),
          ...(studentIds.length > 0 ? { studentIds: studentIds.join(',') } : {}),
        },
      }),
    meta: studentMeta,
  });

export const removeTeamMemberMutation = () =>
  mutationOptions({
    mutationKey: ['homework', 'groups', 'remove-member'],
    mutationFn: (path: { schoolId: string; groupId: string; memberId: string; studentId: string }) =>
      removeGroupMember({ path }),
    meta: studentMeta,
  });
