import { resetUserPassword, setUserDisabled } from '../../services/admin/accounts';
import { createSchool, listSchools, renameSchool } from '../../services/admin/schools';
import { area } from '../register';

/** specs/user/admin.yaml */
export const adminArea = area('user/admin', {
  adminSchoolList: listSchools,
  adminSchoolSave: createSchool,
  adminSchoolRename: renameSchool,
  adminResetUserPassword: resetUserPassword,
  adminSetUserDisabled: setUserDisabled,
});
