import {
  zGetOwnUserGroupBody,
  zGetUserGroupSchoolIdsBody,
  zUserGroupDeleteBody,
  zUserGroupInfoBody,
  zUserGroupListBody,
  zUserGroupSaveBody,
  zUserGroupSchoolRefreshUserBindBody,
  zUserGroupSchoolRefreshUserBindPath,
  zUserGroupSchoolSaveBody,
  zUserGroupUpdateBody,
  zUserGroupUserBindBody,
  zUserGroupUserBindByFilePath,
  zUserGroupUserListBody,
  zUserGroupUserUnbindBody,
} from '@dfrm/sdk/user/zod';
import { Hono } from 'hono';
import { attachmentHeaders } from '../../lib/attachment';
import { allow } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { type AppEnv, authedContext } from '../../lib/hono-env';
import { jsonBody } from '../../lib/request';
import { validate } from '../../lib/validation';
import { XLSX_CONTENT_TYPE, XLSX_MAX_BYTES } from '../../lib/xlsx';
import { withSheetUpload } from '../../lib/multipart';
import {
  bindUserGroupUsers,
  deleteUserGroup,
  listUserGroupMembers,
  listUserGroups,
  saveUserGroup,
  unbindUserGroupUsers,
  updateUserGroup,
  userGroupInfo,
} from '../../services/user-group/manage';
import {
  bindMembersFromFile,
  MEMBER_TEMPLATE_FILE_NAME,
  memberTemplate,
} from '../../services/user-group/member-file';
import { getOwnUserGroups } from '../../services/user-group/own-groups';
import {
  refreshSchoolUserGroup,
  saveSchoolUserGroup,
  userGroupSchools,
} from '../../services/user-group/school-group';

export const userGroupRoutes = new Hono<AppEnv>();

const base = '/usergroupinfo/v1';

userGroupRoutes.post(`${base}/getOwnUserGroup`, allow('user'), async (c) => {
  const input = validate(zGetOwnUserGroupBody, await jsonBody(c));
  return ok(c, await getOwnUserGroups({ ctx: authedContext(c.var.ctx), input }));
});

userGroupRoutes.post(`${base}/list`, allow('schoolManager', 'groupAdmin', 'admin'), async (c) => {
  const input = validate(zUserGroupListBody, await jsonBody(c));
  return ok(c, await listUserGroups({ ctx: authedContext(c.var.ctx), input }));
});

userGroupRoutes.post(`${base}/info`, allow('schoolManager', 'groupAdmin', 'admin'), async (c) => {
  const input = validate(zUserGroupInfoBody, await jsonBody(c));
  return ok(c, await userGroupInfo({ ctx: authedContext(c.var.ctx), input }));
});

userGroupRoutes.post(`${base}/save`, allow('schoolManager', 'admin'), async (c) => {
  const input = validate(zUserGroupSaveBody, await jsonBody(c));
  return ok(c, await saveUserGroup({ ctx: authedContext(c.var.ctx), input }));
});

userGroupRoutes.post(`${base}/update`, allow('schoolManager', 'groupAdmin', 'admin'), async (c) => {
  const input = validate(zUserGroupUpdateBody, await jsonBody(c));
  return ok(c, await updateUserGroup({ ctx: authedContext(c.var.ctx), input }));
});

userGroupRoutes.post(`${base}/delete`, allow('schoolManager', 'admin'), async (c) => {
  const input = validate(zUserGroupDeleteBody, await jsonBody(c));
  return ok(c, await deleteUserGroup({ ctx: authedContext(c.var.ctx), input }));
});

userGroupRoutes.post(`${base}/user/list`, allow('schoolManager', 'groupAdmin', 'admin'), async (c) => {
  const input = validate(zUserGroupUserListBody, await jsonBody(c));
  return ok(c, await listUserGroupMembers({ ctx: authedContext(c.var.ctx), input }));
});

userGroupRoutes.post(`${base}/user/bind`, allow('schoolManager', 'groupAdmin', 'admin'), async (c) => {
  const input = validate(zUserGroupUserBindBody, await jsonBody(c));
  return ok(c, await bindUserGroupUsers({ ctx: authedContext(c.var.ctx), input }));
});

userGroupRoutes.post(`${base}/user/unbind`, allow('schoolManager', 'groupAdmin', 'admin'), async (c) => {
  const input = validate(zUserGroupUserUnbindBody, await jsonBody(c));
  return ok(c, await unbindUserGroupUsers({ ctx: authedContext(c.var.ctx), input }));
});

userGroupRoutes.post(
  `${base}/user/bind/:groupId/by/file`,
  allow('schoolManager', 'groupAdmin', 'admin'),
  async (c) => {
    const path = validate(zUserGroupUserBindByFilePath, c.req.param());
    return withSheetUpload(c.req.raw, c.var.ctx.storage, XLSX_MAX_BYTES, async ({ fields, file }) =>
      ok(
        c,
        await bindMembersFromFile({
          ctx: authedContext(c.var.ctx),
          input: { groupId: path.groupId, file, defaultBindRole: fields.defaultBindRole },
        }),
      ),
    );
  },
);

userGroupRoutes.post(`${base}/school/save`, allow('admin'), async (c) => {
  const input = validate(zUserGroupSchoolSaveBody, await jsonBody(c));
  return ok(c, await saveSchoolUserGroup({ ctx: authedContext(c.var.ctx), input }));
});

userGroupRoutes.post(
  `${base}/get/group/schoolIds`,
  allow('schoolManager', 'groupAdmin', 'admin'),
  async (c) => {
    const input = validate(zGetUserGroupSchoolIdsBody, await jsonBody(c));
    return ok(c, await userGroupSchools({ ctx: authedContext(c.var.ctx), input }));
  },
);

userGroupRoutes.post(
  `${base}/school/refrash/user/bind/:schoolId`,
  allow('schoolManager', 'admin'),
  async (c) => {
    const path = validate(zUserGroupSchoolRefreshUserBindPath, c.req.param());
    const body = validate(zUserGroupSchoolRefreshUserBindBody, await jsonBody(c));
    return ok(
      c,
      await refreshSchoolUserGroup({
        ctx: authedContext(c.var.ctx),
        input: { ...body, schoolId: path.schoolId },
      }),
    );
  },
);

userGroupRoutes.get(
  `${base}/user/download/excel/model`,
  allow('schoolManager', 'groupAdmin', 'admin'),
  async (c) => {
    const data = await memberTemplate();
    return c.body(
      data as Uint8Array<ArrayBuffer>,
      200,
      attachmentHeaders(MEMBER_TEMPLATE_FILE_NAME, XLSX_CONTENT_TYPE, data.byteLength),
    );
  },
);
