import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { accountInfoQuery } from '@/shared/session/account-info';
import classes from './shell.module.css';

/** 管理后台 in the main navigation, for platform admins only. */
export function AdminNavLink() {
  const { data } = useQuery(accountInfoQuery());
  if (!data?.isAdmin) return null;
  return (
    <Link to="/admin" className={classes.navLink} activeProps={{ 'data-active': true }}>
      管理后台
    </Link>
  );
}
