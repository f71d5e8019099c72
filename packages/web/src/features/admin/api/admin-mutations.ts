import {
  adminResetUserPassword,
  adminSchoolRename,
  adminSchoolSave,
  adminSetUserDisabled,
  userGroupDelete,
  userGroupSave,
  userGroupUpdate,
  userGroupUserBind,
  userGroupUserBindByFile,
  userGroupUserUnbind,
} from '@dfrm/sdk/user';
import { zUserGroupUserBindByFileBody, zUserGroupUserBindByFilePath } from '@dfrm/sdk/user/zod';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { downloadApiFile } from '@/lib/api-file';
import { zFilePart } from '@/lib/file-part';
import { QUERY_ROOTS } from '@/shared/query-roots';
import { adminKeys } from './admin-queries';

/** School names and groups show in the session's school info and the teaching pages' pickers too. */
const meta = { invalidates: [QUERY_ROOTS.school, QUERY_ROOTS.userGroup] };

const refresh = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient.invalidateQueries({ queryKey: key });

export const createSchoolMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...adminKeys.schools, 'create'],
    mutationFn: (name: string) => adminSchoolSave({ body: { name } }),
    onSuccess: () => refresh(queryClient, adminKeys.schools),
  });

export const renameSchoolMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...adminKeys.schools, 'rename'],
    meta,
    mutationFn: (input: { schoolId: string; name: string }) => adminSchoolRename({ body: input }),
    onSuccess: () => refresh(queryClient, adminKeys.all),
  });

export const resetPasswordMutation = () =>
  mutationOptions({
    mutationKey: [...adminKeys.users, 'resetPassword'],
    mutationFn: (userId: string) => adminResetUserPassword({ body: { userId } }),
  });

export const setDisabledMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...adminKeys.users, 'disabled'],
    mutationFn: (input: { userId: string; disabled: boolean }) => adminSetUserDisabled({ body: input }),
    onSuccess: () => refresh(queryClient, adminKeys.users),
  });

export const saveGroupMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...adminKeys.groups, 'save'],
    meta,
    mutationFn: (input: { schoolId: string; name: string; description: string }) =>
      userGroupSave({ body: input }),
    onSuccess: () => refresh(queryClient, adminKeys.groups),
  });

export const updateGroupMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...adminKeys.groups, 'update'],
    meta,
    mutationFn: (input: { id: string; name: string; description: string }) =>
      userGroupUpdate({ body: input }),
    onSuccess: () => refresh(queryClient, adminKeys.groups),
  });

export const deleteGroupMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...adminKeys.groups, 'delete'],
    meta,
    mutationFn: (id: string) => userGroupDelete({ body: { id } }),
    onSuccess: () => refresh(queryClient, adminKeys.groups),
  });

export const bindMembersMutation = (queryClient: QueryClient, groupId: string) =>
  mutationOptions({
    mutationKey: [...adminKeys.members(groupId), 'bind'],
    meta,
    mutationFn: (userIds: string[]) => userGroupUserBind({ body: { groupId, userIds } }),
    onSuccess: () => refresh(queryClient, adminKeys.groups),
  });

export const unbindMembersMutation = (queryClient: QueryClient, groupId: string) =>
  mutationOptions({
    mutationKey: [...adminKeys.members(groupId), 'unbind'],
    meta,
    mutationFn: (userIds: string[]) => userGroupUserUnbind({ body: { groupId, userIds } }),
    onSuccess: () => refresh(queryClient, adminKeys.groups),
  });

const bindByFileRequest = z.object({
  body: z.extend(zUserGroupUserBindByFileBody, { file: zFilePart }),
  path: zUserGroupUserBindByFilePath,
});

/** Binds the accounts of a filled-in template; bad rows come back in the answer, not as a failure. */
export const bindByFileMutation = (queryClient: QueryClient, groupId: string) =>
  mutationOptions({
    mutationKey: [...adminKeys.members(groupId), 'bindByFile'],
    meta,
    mutationFn: (file: File) =>
      userGroupUserBindByFile({
        path: { groupId },
        body: { file },
        requestValidator: (data) => bindByFileRequest.parseAsync(data),
      }),
    onSuccess: () => refresh(queryClient, adminKeys.groups),
  });

export const downloadMemberTemplateMutation = (auth: () => { token: string; userId: string } | null) =>
  mutationOptions({
    mutationKey: [...adminKeys.groups, 'template'],
    mutationFn: () =>
      downloadApiFile('/usergroupinfo/v1/user/download/excel/model', '用户组成员导入模板.xlsx', auth()),
  });
