import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

// scrypt parameters are stored next to each hash so they can be raised later
// without invalidating existing passwords. N = 2^14, r = 8 needs 16 MiB.
const DEFAULT_PARAMS = { N: 16_384, r: 8, p: 1 } as const;

// Initial passwords follow a rule anyone in the class knows (the student
// number), so a slow hash protects nothing until the student logs in, while a
// 2,000-row import at the login's cost (~17 ms each) would take half a minute.
// They are hashed with N = 2^10 in the same self-describing format, and that
// cost marks them: an account whose hash has it still holds its initial
// password and must set its own before using the platform (isInitialHash).
export const INITIAL_PASSWORD_PARAMS = { N: 1024, r: 8, p: 1 } as const;

type ScryptParams = { readonly N: number; readonly r: number; readonly p: number };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  const { N, r, p } = params;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when a stored hash is an initial password's (made with INITIAL_PASSWORD_PARAMS). */
export function isInitialHash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return (
    scheme === 'scrypt' &&
    Number(n) === INITIAL_PASSWORD_PARAMS.N &&
    Number(r) === INITIAL_PASSWORD_PARAMS.r &&
    Number(p) === INITIAL_PASSWORD_PARAMS.p
  );
}

/**
 * True when a password of the user's own choosing is stored weaker than what
 * hashPassword makes today (older parameters). An initial password is not
 * upgraded: its cheap hash is what says it still has to be changed.
 */
export function needsRehash(stored: string): boolean {
  if (isInitialHash(stored)) return false;
  const [scheme, n, r, p] = stored.split('$');
  return (
    scheme !== 'scrypt' ||
    Number(n) < DEFAULT_PARAMS.N ||
    Number(r) < DEFAULT_PARAMS.r ||
    Number(p) < DEFAULT_PARAMS.p
  );
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, so that an unknown account cannot be
 * told apart from a wrong password by the answer's timing.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(12).toString('base64url'));
  await verifyPassword(password, await dummyHash);
  return false;
}
