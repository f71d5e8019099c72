import { getUserAttachInfo } from '../../services/auth/attach-info';
import { login } from '../../services/auth/login';
import { changePassword } from '../../services/auth/password';
import { searchUsers } from '../../services/auth/search-users';
import { checkLogin, logout } from '../../services/auth/session';
import { area, notImplemented } from '../register';

/** specs/user/auth.yaml */
export const authArea = area('user/auth', {
  login,
  isLogin: checkLogin,
  // a token that already stopped working still logs out (see logout())
  logout: { verb: logout, sessionInVerb: true },
  resetPassword: notImplemented,
  changePassword,
  getUserAttachInfo,
  searchUsers,
});
