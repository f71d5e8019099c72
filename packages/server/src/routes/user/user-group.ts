import {
  deleteUserGroup,
  listUserGroups,
  saveUserGroup,
  updateUserGroup,
  userGroupInfo,
} from '../../services/user-group/groups';
import {
  bindUserGroupUsers,
  listUserGroupMembers,
  unbindUserGroupUsers,
} from '../../services/user-group/members';
import { XLSX_MAX_BYTES } from '../../lib/xlsx';
import { bindMembersFromFile, downloadMemberTemplate } from '../../services/user-group/member-file';
import { getOwnUserGroups } from '../../services/user-group/own-groups';
import {
  refreshSchoolUserGroup,
  saveSchoolUserGroup,
  userGroupSchools,
} from '../../services/user-group/school-group';
import { area } from '../register';

/** specs/user/user-group.yaml */
export const userGroupArea = area('user/user-group', {
  getOwnUserGroup: getOwnUserGroups,
  userGroupList: listUserGroups,
  userGroupInfo,
  userGroupSave: saveUserGroup,
  userGroupUpdate: updateUserGroup,
  userGroupDelete: deleteUserGroup,
  userGroupUserList: listUserGroupMembers,
  userGroupUserBind: bindUserGroupUsers,
  userGroupUserUnbind: unbindUserGroupUsers,
  userGroupUserBindByFile: { verb: bindMembersFromFile, upload: { maxBytes: () => XLSX_MAX_BYTES } },
  userGroupSchoolSave: saveSchoolUserGroup,
  getUserGroupSchoolIds: userGroupSchools,
  userGroupSchoolRefreshUserBind: refreshSchoolUserGroup,
  userGroupUserExcelModel: downloadMemberTemplate,
});
