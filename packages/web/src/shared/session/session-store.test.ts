import type { User } from '@dfrm/sdk/user';
import { describe, expect, it } from 'vitest';
import {
  canSwitchRole,
  createSession,
  displayName,
  INITIAL_SCHOOL,
  mustChangePassword,
  STORAGE_KEYS,
} from './session-store';

const user: User = {
  userId: '42',
  userName: 'teacher1',
  nickName: '',
  realName: '王建国',
  portraitUrl: '',
  email: '',
  phoneNumber: '13800000001',
  productName: 'dfrm',
  token: 'tok',
};

describe('session store', () => {
  it('remembers across pages that the initial password must still be changed, and only a true mark', () => {
    createSession(window.localStorage).setUser({ ...user, mustChangePassword: true });
    expect(mustChangePassword(createSession(window.localStorage).getState().user)).toBe(true);
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...user, mustChangePassword: 'yes' }));
    const read = createSession(window.localStorage).getState().user;
    expect(read).toEqual(user);
    expect(mustChangePassword(read)).toBe(false);
  });

  it('starts logged out with the initial school info (bindRole 1, ids "0")', () => {
    const session = createSession(window.localStorage);
    expect(session.getState()).toEqual({ user: null, school: INITIAL_SCHOOL });
    expect(INITIAL_SCHOOL).toMatchObject({ schoolId: '0', poolId: '0', bindRole: 1 });
    expect(session.auth()).toBeNull();
  });

  it('keeps the user and school in localStorage, so a new page starts logged in', () => {
    const first = createSession(window.localStorage);
    first.setUser(user);
    first.setSchool({
      ...INITIAL_SCHOOL,
      schoolId: '1',
      poolId: '9',
      bindRole: 0,
      schoolName: '演示金融科技学院',
    });
    const second = createSession(window.localStorage);
    expect(second.getState().user).toEqual(user);
    expect(second.getState().school).toMatchObject({
      schoolId: '1',
      poolId: '9',
      schoolName: '演示金融科技学院',
    });
    expect(second.auth()).toEqual({ token: 'tok', userId: '42' });
  });

  it('redraws nothing when the start-up lookup confirms the stored school, and follows a real change', () => {
    const school = {
      ...INITIAL_SCHOOL,
      schoolId: '1',
      poolId: '9',
      bindRole: 0,
      schoolName: '演示金融科技学院',
    };
    createSession(window.localStorage).setSchool(school);
    const session = createSession(window.localStorage);
    const before = session.getState();
    let calls = 0;
    const stop = session.subscribe(() => (calls += 1));
    session.setSchool({ ...school });
    expect(calls).toBe(0);
    expect(session.getState()).toBe(before);
    session.setSchool({ ...school, type: 'teacher', roles: ['teacher'] });
    expect(calls).toBe(1);
    expect(session.getState().school.type).toBe('teacher');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.school) ?? '{}')).toMatchObject({
      type: 'teacher',
    });
    stop();
  });

  it('clear() forgets both, in memory and in storage', () => {
    const session = createSession(window.localStorage);
    session.setUser(user);
    session.clear();
    expect(session.getState().user).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(createSession(window.localStorage).getState().user).toBeNull();
  });

  it('ignores a damaged stored user', () => {
    window.localStorage.setItem(STORAGE_KEYS.user, '{"userId":"1"');
    expect(createSession(window.localStorage).getState().user).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...user, token: '' }));
    expect(createSession(window.localStorage).getState().user).toBeNull();
  });

  it('follows a logout in another tab', () => {
    const session = createSession(window.localStorage);
    session.setUser(user);
    let calls = 0;
    const stop = session.subscribe(() => (calls += 1));
    window.localStorage.removeItem(STORAGE_KEYS.user);
    window.dispatchEvent(
      new StorageEvent('storage', { key: STORAGE_KEYS.user, storageArea: window.localStorage }),
    );
    expect(session.getState().user).toBeNull();
    expect(calls).toBe(1);
    stop();
  });

  it('reads the product name an admin page stored', () => {
    const session = createSession(window.localStorage);
    expect(session.storedProduct()).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.product, 'other');
    expect(session.storedProduct()).toBe('other');
  });
});

describe('displayName', () => {
  it('prefers nickName, then realName, then userName', () => {
    expect(displayName({ nickName: '小王', realName: '王建国', userName: 'teacher1' })).toBe('小王');
    expect(displayName({ nickName: ' ', realName: '王建国', userName: 'teacher1' })).toBe('王建国');
    expect(displayName({ nickName: '', realName: '', userName: 'teacher1' })).toBe('teacher1');
  });
});

describe('canSwitchRole', () => {
  it('needs both teacher and student', () => {
    expect(canSwitchRole({ roles: ['teacher', 'student'] })).toBe(true);
    expect(canSwitchRole({ roles: ['teacher'] })).toBe(false);
  });
});
