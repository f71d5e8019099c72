import type { UserGroupImportResult } from '@dfrm/sdk/user/types';
import { XLSX_CONTENT_TYPE } from '../../lib/xlsx';
import type { Input, Output } from '../../contract/types';
import { bytesAnswer } from '../../lib/file-answer';
import type { BindRole } from '../../db/schema/user-group';
import { buildTemplate, readSheetUpload } from '../../lib/xlsx';
import type { AuthedCall } from '../context';
import { assertGroupReachable, bindUserGroupUsersFromRows } from './members';

export const MEMBER_TEMPLATE_FILE_NAME = '用户组成员导入模板.xlsx';
export const MAX_MEMBER_ROWS = 2000;

const COLUMNS = [
  { header: '账号（或手机号）', width: 22, text: true, hint: '必填，登录账号或 11 位手机号' },
  { header: '姓名（仅供核对）', width: 16, hint: '选填，仅供核对，不会导入' },
  {
    header: '组内角色',
    width: 12,
    text: true,
    hint: '选填，0 普通成员，1 组管理员；不填时用上传时选择的默认角色',
  },
] as const;

/** GET /usergroupinfo/v1/user/download/excel/model */
export function memberTemplate(): Promise<Uint8Array> {
  return buildTemplate({
    sheetName: '用户组成员',
    columns: COLUMNS,
    example: ['student01', '陈思远', '0'],
    notes: [
      '第 1 行为表头，请勿修改；第 2 行为示例，请改写或删除后再上传；空行会被跳过。',
      `每个文件最多 ${MAX_MEMBER_ROWS} 行，文件不超过 5 MB。`,
      '每行单独处理：账号不存在、不是该用户组所属学校成员或角色不正确的行会列为失败，其余行照常绑定。',
      '只有管理员和学校管理员可以任命组管理员（组内角色 1）。',
    ],
  });
}

/** POST /usergroupinfo/v1/user/bind/{groupId}/by/file */
export async function bindMembersFromFile({
  ctx,
  input,
}: AuthedCall<Input<'userGroupUserBindByFile'>>): Promise<UserGroupImportResult> {
  const defaultBindRole: BindRole = input.defaultBindRole ?? 0;
  // 6/5 before the file is even read
  await assertGroupReachable({ ctx, input: { groupId: input.groupId } });
  const rows = await readSheetUpload(ctx.storage, input.file, {
    headers: ['账号', '姓名', '组内角色'],
    required: ['账号'],
    maxRows: MAX_MEMBER_ROWS,
  });
  return bindUserGroupUsersFromRows({
    ctx,
    input: {
      groupId: input.groupId,
      defaultBindRole,
      rows: rows.map((row) => ({
        rowNumber: row.rowNumber,
        account: row.cells['账号'] ?? '',
        role: row.cells['组内角色'] ?? '',
      })),
    },
  });
}

/** The member import template as a download. */
export async function downloadMemberTemplate(): Promise<Output<'userGroupUserExcelModel'>> {
  return bytesAnswer(MEMBER_TEMPLATE_FILE_NAME, XLSX_CONTENT_TYPE, await memberTemplate());
}
