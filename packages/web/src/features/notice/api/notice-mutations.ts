import { type AnnounceSave, delAnnounce, updateAnnounce, updateAnnounceVisible } from '@dfrm/sdk/tms';
import { mutationOptions } from '@tanstack/react-query';
import { noticeKeys } from './notice-queries';

/** Teacher-side changes show on the teacher's lists and on every student's. */
const meta = { invalidates: [noticeKeys.all] };

export const saveNoticeMutation = () =>
  mutationOptions({
    mutationKey: ['notice', 'save'],
    mutationFn: (body: AnnounceSave) => updateAnnounce({ body }),
    meta,
  });

export const deleteNoticeMutation = () =>
  mutationOptions({
    mutationKey: ['notice', 'delete'],
    mutationFn: ({ schoolId, announceId }: { schoolId: string; announceId: string }) =>
      delAnnounce({ path: { schoolId, announceId } }),
    meta,
  });

export const updateNoticeVisibilityMutation = () =>
  mutationOptions({
    mutationKey: ['notice', 'visibility'],
    mutationFn: (body: { schoolId: string; announceId: string; teachingClassIds: string[] }) =>
      updateAnnounceVisible({ body }),
    meta,
  });
