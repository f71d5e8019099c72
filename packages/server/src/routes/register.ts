import { type Context, Hono, type Handler as HonoHandler } from 'hono';
import * as z from 'zod/mini';
import type { AppConfig } from '../lib/config';
import { chinaDate } from '../lib/china-time';
import { type JsonText, ok } from '../lib/envelope';
import { ForbiddenError, NotImplementedError } from '../lib/errors';
import { fileResponse } from '../lib/file-answer';
import type { AppEnv } from './hono-env';
import { discardUpload, parseMultipart, type UploadedFile } from '../lib/multipart';
import { nodeRequest, readJsonBody, requestHeader } from '../lib/request';
import { isSchoolRole, type Role } from '../lib/roles';
import { coerceParams, rejectControlCharacters, validate } from '../lib/validation';
import { assertPasswordSettled } from '../services/auth/password';
import { authenticate } from '../services/auth/session';
import type { AuthedContext, ServiceContext } from '../services/context';
import { holdsSchoolRole } from '../services/school/school-roles';
import { type OperationOutput, SCHEMAS } from '../contract/contract.gen';
import type { Input } from '../contract/types';
import {
  type Area,
  type AreaOperationId,
  OPERATIONS,
  type OperationId,
  type OperationSpec,
} from '../contract/operations.gen';

type Operation<Id extends OperationId> = Extract<(typeof OPERATIONS)[number], { operationId: Id }>;

/** Public operations (no `x-roles`) run without a caller; every other one with the authenticated caller. */
type ContextOf<Id extends OperationId> = Operation<Id>['roles'] extends readonly []
  ? ServiceContext
  : AuthedContext;

/** A service verb serving one operation, in the SDK's generated types of that operation. */
export type Verb<Id extends OperationId> = (call: {
  ctx: ContextOf<Id>;
  input: Input<Id>;
}) => Promise<OperationOutput[Id] | JsonText<OperationOutput[Id]>>;

export interface VerbOptions {
  /** Uploads: the largest file accepted, and whether the verb keeps the stored file (else it is deleted after). */
  upload?: { maxBytes: (config: AppConfig) => number; keep?: boolean };
  /**
   * The verb checks the session itself from `ctx.credentials` (logout: a token that
   * already stopped working still logs out). Without a token the answer is still 4.
   */
  sessionInVerb?: boolean;
  /**
   * Reads: the answer depends only on the caller, the input, the database and the China date,
   * so a repeated call is served from the read cache until a table the verb read changes
   * (services/context `readCache`; db/read-cache.ts tells how it stays exact).
   * `ownRowsOf`: tables of which the verb reads only the caller's rows (by `user_id`), so
   * other users' writes there leave the answer standing (a student's read receipts).
   */
  cached?: boolean | { ownRowsOf: readonly string[] };
}

/** Marks an operation of an area that the server does not implement yet: it answers errCode 9. */
export const notImplemented = Symbol('notImplemented');

export type Registration<Id extends OperationId> =
  Verb<Id> | ({ verb: Verb<Id> } & VerbOptions) | typeof notImplemented;

/** Every operation of one area file, each with its verb or `notImplemented`: leaving one out fails to compile. */
export type AreaRegistrations<A extends Area> = { [Id in AreaOperationId<A>]: Registration<Id> };

export interface AreaEntry {
  area: Area;
  registrations: Readonly<Record<string, Registration<never> | undefined>>;
}

export function area<A extends Area>(name: A, registrations: AreaRegistrations<A>): AreaEntry {
  return { area: name, registrations: registrations as AreaEntry['registrations'] };
}

/** The school a request names (path, else body), before the body is validated in full. */
function namedSchool(path: Record<string, string>, body: unknown): string | null {
  if (path.schoolId) return path.schoolId;
  if (body && typeof body === 'object' && 'schoolId' in body) {
    const value = (body as { schoolId: unknown }).schoolId;
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return null;
}

/**
 * Whether the caller holds one of the operation's roles. School roles are held in the
 * school the request names, or without one ("0" or absent) in the caller's current school.
 */
async function permitted(
  ctx: AuthedContext,
  roles: readonly Role[],
  schoolId: string | null,
): Promise<boolean> {
  if (roles.includes('user')) return true;
  if (roles.includes('admin') && ctx.auth.isAdmin) return true;
  if (roles.includes('groupAdmin') && ctx.auth.isGroupAdmin) return true;
  const schoolRoles = roles.filter(isSchoolRole);
  if (schoolRoles.length === 0) return false;
  return holdsSchoolRole({ ctx, input: { schoolId, roles: schoolRoles } });
}

interface Schemas {
  path?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
}

/** An upload's body schema describes its text fields and the file; the file arrives separately. */
function withoutFile(schema: z.ZodMiniType | undefined): z.ZodMiniType | undefined {
  const shape = (schema as { _zod?: { def: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def
    .shape;
  if (!schema || !shape || !('file' in shape)) return schema;
  return z.omit(schema as z.ZodMiniObject, { file: true });
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function operationHandler(op: OperationSpec, registration: Registration<never>): HonoHandler<AppEnv> {
  const schemas: Schemas = SCHEMAS[op.operationId as OperationId] as Schemas;
  const bodySchema = op.body === 'multipart' ? withoutFile(schemas.body) : schemas.body;
  const verb =
    typeof registration === 'function'
      ? registration
      : typeof registration === 'object'
        ? registration.verb
        : null;
  const options: VerbOptions = typeof registration === 'object' ? registration : {};
  const roles = op.roles as readonly Role[];
  const authenticated = roles.length > 0 && !options.sessionInVerb;

  return async (c: Context<AppEnv>) => {
    const credentials = { token: requestHeader(c, 'token'), userId: requestHeader(c, 'userId') };
    let ctx: ServiceContext = { ...c.var.ctx, credentials };
    if (authenticated) {
      const auth = await authenticate({ ctx, input: credentials });
      ctx = { ...ctx, auth };
      c.set('ctx', ctx); // the access log names the caller
    } else if (options.sessionInVerb && !credentials.token) {
      // the verb's own check answers the rest; no token at all is simply not logged in
      await authenticate({ ctx, input: credentials });
    }

    const path = c.req.param() as Record<string, string>;
    const query = c.req.query();
    rejectControlCharacters(path);
    rejectControlCharacters(query);
    let body = op.body === 'json' ? await readJsonBody(c.req.raw, undefined, nodeRequest(c)) : undefined;

    // roles before the body's shape: a refused caller learns nothing about what the operation expects
    if (authenticated && !(await permitted(ctx as AuthedContext, roles, namedSchool(path, body)))) {
      throw new ForbiddenError();
    }
    // an imported student on the initial password may do nothing else first (errCode 1)
    if (authenticated) assertPasswordSettled((ctx as AuthedContext).auth, op.operationId);

    let file: UploadedFile | null = null;
    const storage = ctx.storage;
    if (op.body === 'multipart') {
      if (!storage) throw new NotImplementedError('服务器未配置文件存储');
      const form = await parseMultipart(c.req.raw, {
        storage,
        maxFileBytes: options.upload?.maxBytes(ctx.config) ?? 0,
      });
      // form fields are text: numbers and booleans of the schema are read as such
      body = bodySchema ? coerceParams(bodySchema, form.fields) : form.fields;
      file = form.file;
    }

    let kept = false;
    try {
      rejectControlCharacters(body);
      const input = {
        ...(schemas.query ? asRecord(validate(schemas.query, coerceParams(schemas.query, query))) : {}),
        ...(schemas.path ? asRecord(validate(schemas.path, coerceParams(schemas.path, path))) : {}),
        ...(bodySchema ? asRecord(validate(bodySchema, body)) : {}),
        ...(op.body === 'multipart' ? { file } : {}),
      };
      if (!verb) throw new NotImplementedError(`该功能尚未实现：${op.summary}`);
      const run = verb as unknown as (call: { ctx: ServiceContext; input: unknown }) => Promise<unknown>;
      const cache = options.cached && authenticated ? ctx.readCache : null;
      const answer = cache
        ? await cache.read(
            cacheKey(op.operationId, ctx as AuthedContext, input),
            (db) => run({ ctx: { ...ctx, db }, input }),
            typeof options.cached === 'object'
              ? { userId: (ctx as AuthedContext).auth.userId, ownRowsOf: options.cached.ownRowsOf }
              : undefined,
          )
        : await run({ ctx, input });
      kept = options.upload?.keep === true;
      return op.answer === 'file'
        ? fileResponse(c, answer as OperationOutput['downloadCourseWare'])
        : ok(c, answer);
    } finally {
      if (!kept && storage) await discardUpload(storage, file);
    }
  };
}

/**
 * What a cached answer may depend on besides the database: the operation, the caller as the
 * session established them (a verb may look at the roles read with it), the China date (course
 * status, today's lessons) and the validated input.
 */
function cacheKey(operationId: string, ctx: AuthedContext, input: unknown): string {
  const { userId, isAdmin, isGroupAdmin, schoolRoles } = ctx.auth;
  return JSON.stringify([
    operationId,
    userId,
    isAdmin,
    isGroupAdmin,
    schoolRoles ?? null,
    chinaDate(ctx.clock.now()),
    input,
  ]);
}

/** Static segments count more than parameters: `/x/list` is tried before `/x/{id}`. */
const staticSegments = (path: string) => path.split('/').filter((s) => s && !s.startsWith('{')).length;
const honoPath = (specPath: string) => specPath.replace(/\{([^}]+)\}/g, ':$1');

/**
 * Every operation of the contract, mounted from the spec: the registered verb, or the
 * not-implemented answer (after the same login, role and input checks as any other).
 */
export function mountOperations(areas: readonly AreaEntry[]): {
  app: Hono<AppEnv>;
  implemented: Set<OperationId>;
} {
  const registrations = new Map<string, Registration<never>>();
  for (const entry of areas) {
    for (const [id, registration] of Object.entries(entry.registrations)) {
      if (registration !== undefined) registrations.set(id, registration);
    }
  }
  const app = new Hono<AppEnv>();
  const implemented = new Set<OperationId>();
  const ordered = [...OPERATIONS].sort((a, b) => staticSegments(b.path) - staticSegments(a.path));
  for (const op of ordered) {
    const registration = registrations.get(op.operationId) ?? notImplemented;
    if (registration !== notImplemented) implemented.add(op.operationId);
    app.on(op.method, honoPath(op.path), operationHandler(op, registration));
  }
  return { app, implemented };
}
