import type * as z from 'zod/mini';
import type { UploadedFile } from '../lib/multipart';
import type { OperationOutput, SCHEMAS } from './contract.gen';
import type { OperationId } from './operations.gen';

type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** What one part's schema produces (defaults applied), or nothing when the operation has no such part. */
type Parsed<S, K extends string> = S extends { [P in K]: infer Schema extends z.ZodMiniType }
  ? z.output<Schema>
  : unknown;

type Schemas<Id extends OperationId> = (typeof SCHEMAS)[Id];

/**
 * What a service verb takes: the operation's path, query and body fields side by side,
 * as the SDK's generated schemas produce them. An upload's file field arrives already
 * stored (see lib/multipart.ts).
 */
export type Input<Id extends OperationId> = Flatten<
  Parsed<Schemas<Id>, 'path'> & Parsed<Schemas<Id>, 'query'> & BodyFields<Parsed<Schemas<Id>, 'body'>>
>;

/** A body's fields, branch by branch when the body is a union (login: account or phone). */
type BodyFields<B> = B extends unknown
  ? { [K in keyof B]: K extends 'file' ? UploadedFile | null : B[K] }
  : never;

/** What a service verb answers for an operation: the SDK's generated response type (a file for downloads). */
export type Output<Id extends OperationId> = OperationOutput[Id];
