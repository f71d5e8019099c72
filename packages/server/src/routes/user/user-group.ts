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
import { downloadMemberTemplate } from '../../services/user-group/member-file';
import { getOwnUserGroups } from '../../services/user-group/own-groups';
import {
  refreshSchoolUserGroup,
  saveSchoolUserGroup,
  userGroupSchools,
} from '../../services/user-group/school-group';
import { area, handWritten } from '../register';

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
  userGroupUserBindByFile: handWritten,
  userGroupSchoolSave: saveSchoolUserGroup,
  getUserGroupSchoolIds: userGroupSchools,
  userGroupSchoolRefreshUserBind: refreshSchoolUserGroup,
  userGroupUserExcelModel: downloadMemberTemplate,
});
