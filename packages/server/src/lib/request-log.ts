import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Http2ServerResponse } from 'node:http2';
import type { MiddlewareHandler } from 'hono';
import { requestHeader } from './request';

declare module 'hono' {
  interface ContextVariableMap {
    /** This request's id, as sent back in `X-Request-Id` and written in the access log. */
    requestId: string;
  }
}

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An id a proxy or a caller may hand in: short, and nothing that could forge a log line. */
const VALID_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** One access-log line. */
export interface AccessLogEntry {
  /** When the request arrived, ISO 8601 UTC. */
  time: string;
  id: string;
  method: string;
  /** Path and query, with the values of secret-looking query parameters replaced by `***`. */
  path: string;
  status: number;
  /** From arrival until the last byte was handed to the socket (in process: until the answer was built). */
  ms: number;
  /** Body bytes sent; null when not known (an in-process answer without Content-Length). */
  bytes: number | null;
  /** The logged-in caller, when the request carried a valid token. */
  userId?: number;
  /** The client went away before the whole answer was sent. */
  aborted?: true;
}

export interface RequestLogOptions {
  /** Write access-log lines (AppConfig.accessLog); the request id is given either way. */
  enabled: boolean;
  /** Where a line goes; stdout by default. */
  write?: (line: string) => void;
}

const SECRET_PARAM = /token|pass|pwd|secret|code|key|sign|auth|session|ticket|cookie/i;

/** The path as logged: query values that may be credentials are hidden. */
export function loggedPath(url: string): string {
  const parsed = new URL(url);
  if (!parsed.search) return parsed.pathname;
  const params = new URLSearchParams(parsed.search);
  for (const key of new Set(params.keys())) if (SECRET_PARAM.test(key)) params.set(key, '***');
  return `${parsed.pathname}?${params.toString()}`;
}

type NodeResponse = ServerResponse | Http2ServerResponse;

/** Counts the body bytes node-server writes to this response (headers excluded). */
function countBodyBytes(outgoing: NodeResponse): () => number {
  let bytes = 0;
  const add = (chunk: unknown) => {
    if (typeof chunk === 'string') bytes += Buffer.byteLength(chunk);
    else if (chunk instanceof Uint8Array) bytes += chunk.byteLength;
  };
  const write = outgoing.write.bind(outgoing) as (...args: unknown[]) => boolean;
  const end = outgoing.end.bind(outgoing) as (...args: unknown[]) => unknown;
  (outgoing as unknown as { write: (...args: unknown[]) => boolean }).write = (...args: unknown[]) => {
    add(args[0]);
    return write(...args);
  };
  (outgoing as unknown as { end: (...args: unknown[]) => unknown }).end = (...args: unknown[]) => {
    if (typeof args[0] !== 'function') add(args[0]);
    return end(...args);
  };
  return () => bytes;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Gives every request an id (a valid incoming `X-Request-Id`, or a new UUID), sends it back in
 * `X-Request-Id` on every answer, and, when enabled, writes one JSON line per request.
 * Under node-server the line is written once the answer has left (so `ms` and `bytes` are what
 * the client got, streamed downloads included); in process (app.request) when it is built.
 */
/** What the log reads of a request's context: its id, and the caller once authenticated. */
interface LogEnv {
  Variables: { requestId: string; ctx?: { auth: { userId: number } | null } };
}

export function requestLog(options: RequestLogOptions): MiddlewareHandler<LogEnv> {
  const write = options.write ?? ((line: string) => void process.stdout.write(`${line}\n`));
  return async (c, next) => {
    const started = performance.now();
    const time = new Date().toISOString();
    const incoming = requestHeader(c, REQUEST_ID_HEADER);
    const id = incoming && VALID_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', id);
    const outgoing = options.enabled
      ? (c.env as { outgoing?: NodeResponse } | undefined)?.outgoing
      : undefined;
    const sentBytes = outgoing ? countBodyBytes(outgoing) : null;

    await next();
    c.res.headers.set(REQUEST_ID_HEADER, id);
    if (!options.enabled) return;

    const entry = (): AccessLogEntry => {
      const userId = (c.var as Partial<LogEnv['Variables']>).ctx?.auth?.userId;
      const declared = c.res.headers.get('Content-Length');
      return {
        time,
        id,
        method: c.req.method,
        path: loggedPath(c.req.url),
        status: c.res.status,
        ms: round(performance.now() - started),
        bytes: sentBytes ? sentBytes() : declared === null ? null : Number(declared),
        ...(userId === undefined ? {} : { userId }),
      };
    };
    if (!outgoing) {
      write(JSON.stringify(entry()));
      return;
    }
    outgoing.once('close', () => {
      const line = entry();
      write(JSON.stringify(outgoing.writableFinished ? line : { ...line, aborted: true }));
    });
  };
}
