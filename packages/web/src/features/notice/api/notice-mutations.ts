import { type AnnounceSave, delAnnounce, updateAnnounce, updateAnnounceVisible } from '@dfrm/sdk/tms';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { noticeKeys } from './notice-queries';

/** Teacher-side changes show on the teacher's lists and on every student's. */
async function refreshNotices(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: noticeKeys.all });
}

export const saveNoticeMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['notice', 'save'],
    mutationFn: (body: AnnounceSave) => updateAnnounce({ body }),
    onSuccess: () => refreshNotices(queryClient),
  });

export const deleteNoticeMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['notice', 'delete'],
    mutationFn: ({ schoolId, announceId }: { schoolId: string; announceId: string }) =>
      delAnnounce({ path: { schoolId, announceId } }),
    onSuccess: () => refreshNotices(queryClient),
  });

export const updateNoticeVisibilityMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['notice', 'visibility'],
    mutationFn: (body: { schoolId: string; announceId: string; teachingClassIds: string[] }) =>
      updateAnnounceVisible({ body }),
    onSuccess: () => refreshNotices(queryClient),
  });
