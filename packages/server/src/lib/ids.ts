import { NotFoundError } from './errors';

/** Ids travel as strings; anything that is not a stored id simply names nothing (null). */
export function parseId(value: string | undefined): number | null {
  return value !== undefined && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}

/** An id that must name an object: anything unparsable names nothing (errCode 6 with `message`). */
export function idOrNotFound(value: string, message: string): number {
  const id = parseId(value);
  if (id === null) throw new NotFoundError(message);
  return id;
}
