import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: the session token handed to the client. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so the sessions table cannot be replayed if it leaks. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
