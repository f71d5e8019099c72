import type { Db } from '../db/client';
import type { ReadCache } from '../db/read-cache';
import type { SchoolRole } from '../db/schema/school';
import type { Clock } from '../lib/clock';
import type { AppConfig } from '../lib/config';
import type { SmsSender } from '../lib/sms-sender';
import type { Storage } from '../lib/storage';

/** The logged-in caller, as established from the token. */
export interface AuthInfo {
  userId: number;
  sessionId: number;
  isAdmin: boolean;
  isGroupAdmin: boolean;
  /** Still holds an initial password: everything but changing it is refused (assertPasswordSettled). */
  mustChangePassword: boolean;
  /**
   * The account's school roles, read with the session (same request, same
   * query), so the role check needs no statement of its own. Absent where an
   * AuthInfo is made another way; then the role check reads them itself.
   */
  schoolRoles?: readonly { schoolId: number; role: SchoolRole }[];
  /** The school and role last chosen (切换身份), read with schoolRoles; null: none chosen. */
  currentSchool?: { schoolId: number; role: SchoolRole } | null;
}

/** Everything a service verb may use; built per request, free of Hono. */
export interface ServiceContext {
  db: Db;
  clock: Clock;
  sms: SmsSender;
  storage: Storage | null;
  /** Repeated reads kept until a table they read changes; null where that would not be exact (db/read-cache.ts). */
  readCache: ReadCache | null;
  config: AppConfig;
  /** Caller's address, for rate limits. */
  ip: string;
  /** Product header (dfrm unless an admin page stored another). */
  product: string;
  auth: AuthInfo | null;
  /** The `token` and `userId` headers as sent (logout checks them itself). */
  credentials?: { token: string | undefined; userId: string | undefined };
}

export interface AuthedContext extends ServiceContext {
  auth: AuthInfo;
}

export interface Call<I> {
  ctx: ServiceContext;
  input: I;
}

export interface AuthedCall<I> {
  ctx: AuthedContext;
  input: I;
}

export type { SchoolRole };
