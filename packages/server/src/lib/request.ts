import type { Context } from 'hono';
import { InvalidInputError } from './errors';

/** The JSON body, or undefined when there is none; malformed JSON is invalid input (errCode 2). */
export async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new InvalidInputError('请求体不是有效的 JSON');
  }
}
