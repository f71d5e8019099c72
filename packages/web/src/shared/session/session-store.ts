import type { SchoolRole } from '@dfrm/sdk/tms';
import type { User } from '@dfrm/sdk/user';

/** School info of the session (product spec §3). */
export interface SchoolInfo {
  /** "0" until the user has joined a school. */
  schoolId: string;
  /** Id of the first user group (resource pool) in the school, "0" when none. */
  poolId: string;
  /** The user's role in that group: 0 member, 1 group admin. */
  bindRole: number;
  schoolName: string;
  /** The user's name as the school knows it. */
  studentName: string;
  /** Current role in the school; null when not in a school. */
  type: SchoolRole | null;
  /** Every role the user holds in the school, to offer a switch. */
  roles: SchoolRole[];
}

/** The spec's initial state: bindRole starts at 1, and loaded info defaults it to 0. */
export const INITIAL_SCHOOL: SchoolInfo = {
  schoolId: '0',
  poolId: '0',
  bindRole: 1,
  schoolName: '',
  studentName: '',
  type: null,
  roles: [],
};

/**
 * The stored user. `mustChangePassword` is set while the account still holds the initial password
 * an import gave it (the login answer says so, or the server refused a call with 请先修改初始密码):
 * the route guard then keeps the user on the 修改初始密码 form.
 */
export type SessionUser = User & { mustChangePassword?: boolean };

export interface SessionState {
  user: SessionUser | null;
  school: SchoolInfo;
}

export interface Session {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  setUser(user: SessionUser): void;
  setSchool(school: SchoolInfo): void;
  /** Forgets the user and school, here and in storage (local logout). */
  clear(): void;
  /** Headers for the SDK; null when logged out. */
  auth(): { token: string; userId: string } | null;
  /** Product name an admin page may have stored; null means the default. */
  storedProduct(): string | null;
}

export const STORAGE_KEYS = {
  user: 'dfrm.user',
  school: 'dfrm.school',
  product: 'dfrm.productName',
} as const;

const ROLES: readonly SchoolRole[] = ['teacher', 'student', 'schoolManager'];

function readJson(storage: Storage | null, key: string): unknown {
  try {
    const text = storage?.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

const USER_FIELDS = [
  'userId',
  'userName',
  'nickName',
  'realName',
  'portraitUrl',
  'email',
  'phoneNumber',
  'productName',
  'token',
] as const satisfies readonly (keyof User)[];

/** A stored user is trusted only if it has every field as a string and a token. */
function readUser(storage: Storage | null): SessionUser | null {
  const raw = readJson(storage, STORAGE_KEYS.user);
  if (typeof raw !== 'object' || raw === null) return null;
  const value = raw as Record<string, unknown>;
  if (!USER_FIELDS.every((key) => typeof value[key] === 'string')) return null;
  const user: SessionUser = Object.fromEntries(USER_FIELDS.map((key) => [key, value[key]])) as User;
  if (value.mustChangePassword === true) user.mustChangePassword = true;
  return user.token && user.userId ? user : null;
}

/** The stored user must replace the initial password before anything else. */
export function mustChangePassword(user: SessionUser | null): boolean {
  return user?.mustChangePassword === true;
}

function readSchool(storage: Storage | null): SchoolInfo {
  const raw = readJson(storage, STORAGE_KEYS.school);
  if (typeof raw !== 'object' || raw === null) return INITIAL_SCHOOL;
  const value = raw as Record<string, unknown>;
  const text = (key: string, fallback: string) =>
    typeof value[key] === 'string' ? (value[key] as string) : fallback;
  const isRole = (role: unknown): role is SchoolRole => ROLES.includes(role as SchoolRole);
  return {
    schoolId: text('schoolId', INITIAL_SCHOOL.schoolId),
    poolId: text('poolId', INITIAL_SCHOOL.poolId),
    bindRole: typeof value.bindRole === 'number' ? value.bindRole : INITIAL_SCHOOL.bindRole,
    schoolName: text('schoolName', ''),
    studentName: text('studentName', ''),
    type: isRole(value.type) ? value.type : null,
    roles: Array.isArray(value.roles) ? value.roles.filter(isRole) : [],
  };
}

function write(storage: Storage | null, key: string, value: unknown) {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the in-memory session still works for this tab.
  }
}

function defaultStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The session lives in localStorage (so a reload or a new tab stays logged in)
 * mirrored in a tiny store React reads through useSyncExternalStore. Another
 * tab logging in or out shows up here through the storage event.
 */
export function createSession(storage: Storage | null = defaultStorage()): Session {
  let state: SessionState = { user: readUser(storage), school: readSchool(storage) };
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const set = (next: SessionState) => {
    state = next;
    emit();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== storage) return;
    if (event.key !== null && event.key !== STORAGE_KEYS.user && event.key !== STORAGE_KEYS.school) return;
    set({ user: readUser(storage), school: readSchool(storage) });
  };

  return {
    getState: () => state,
    subscribe(listener) {
      if (listeners.size === 0 && typeof window !== 'undefined')
        window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined')
          window.removeEventListener('storage', onStorage);
      };
    },
    setUser(user) {
      write(storage, STORAGE_KEYS.user, user);
      set({ ...state, user });
    },
    setSchool(school) {
      write(storage, STORAGE_KEYS.school, school);
      // the start-up lookup mostly confirms what was stored: nothing to draw again then
      if (JSON.stringify(school) === JSON.stringify(state.school)) return;
      set({ ...state, school });
    },
    clear() {
      write(storage, STORAGE_KEYS.user, null);
      write(storage, STORAGE_KEYS.school, null);
      set({ user: null, school: INITIAL_SCHOOL });
    },
    auth() {
      const user = state.user;
      return user?.token ? { token: user.token, userId: user.userId } : null;
    },
    storedProduct() {
      try {
        return storage?.getItem(STORAGE_KEYS.product) || null;
      } catch {
        return null;
      }
    },
  };
}

/** nickName, else realName, else userName (product spec §3). */
export function displayName(
  user: Pick<User, 'nickName' | 'realName' | 'userName'> | null | undefined,
): string {
  if (!user) return '';
  return user.nickName.trim() || user.realName.trim() || user.userName;
}

/** Teacher and student both held in the current school: the user picks one. */
export function canSwitchRole(school: Pick<SchoolInfo, 'roles'>): boolean {
  return school.roles.includes('teacher') && school.roles.includes('student');
}
