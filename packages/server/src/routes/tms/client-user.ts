import { clientUserLogin, getClientSchoolList, getClientUserLogin } from '../../services/school/client-user';
import { getUsersSchools } from '../../services/school/users-schools';
import { area } from '../register';

/** specs/tms/client-user.yaml */
export const clientUserArea = area('tms/client-user', {
  getClientUserLogin,
  clientUserLogin,
  getClientSchoolList,
  getUsersSchools,
});
