import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { Context } from 'hono';
import { InvalidInputError } from './errors';

/** The Node request under @hono/node-server (none in `app.request` tests). */
export function nodeRequest(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/**
 * A request header. Under @hono/node-server it is read from the headers Node already parsed:
 * `c.req.header` first builds a web `Headers` of all of them, a noticeable part of a small call.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = nodeRequest(c);
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** JSON bodies are small; an operation documents a larger limit when it needs one. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

function tooLarge(maxBytes: number): InvalidInputError {
  return new InvalidInputError(`请求体过大：不能超过 ${Math.round(maxBytes / 1024)} KB`);
}

/**
 * The JSON body of a request, or undefined when it has none. The size is checked
 * before and while reading (never more than `maxBytes` is held), the content type
 * must be JSON, and malformed JSON is invalid input (errCode 2).
 */
export async function readJsonBody(
  req: Request,
  maxBytes = JSON_BODY_MAX_BYTES,
  /**
   * The Node request behind `req` (@hono/node-server's `c.env.incoming`): read directly, it spares
   * building a web stream and a full `Request` for every call, a good part of a small read's cost.
   */
  incoming?: Readable & { headers?: IncomingHttpHeaders },
): Promise<unknown> {
  // the Node request's own headers when there is one (a web Headers of all of them costs more)
  const declared = Number(
    (incoming?.headers ? incoming.headers['content-length'] : req.headers.get('content-length')) ?? '',
  );
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (incoming) {
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > maxBytes) {
          // stop holding it; the answer says why and Node closes the connection after it
          stop();
          incoming.pause();
          reject(tooLarge(maxBytes));
        } else chunks.push(chunk);
      };
      const onEnd = () => {
        stop();
        resolve();
      };
      const onError = (error: Error) => {
        stop();
        reject(error);
      };
      const stop = () => {
        incoming.off('data', onData).off('end', onEnd).off('error', onError);
      };
      incoming.on('data', onData).on('end', onEnd).on('error', onError);
    });
  } else {
    if (!req.body) return undefined;
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(req.headers.get('content-type') ?? '')) {
    throw new InvalidInputError('请求体必须是 JSON（Content-Type: application/json）');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new InvalidInputError('请求体不是有效的 JSON');
  }
}
