import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';

/**
 * Search keys that carry the API's ids (`courseId`, `resourceId`, ...). Ids are
 * strings of digits; the router's default serialization would write a string
 * that looks like a number as JSON (`?courseId=%221%22`) to tell it from a
 * number, and read a bare `?courseId=1` back as the number 1.
 */
const ID_KEY = /^(?:id|[a-z][A-Za-z0-9]*Id)$/;

/**
 * The router's `stringifySearch`: ids are written as they are (`?courseId=1`),
 * every other value exactly as the router's default writes it (JSON where a
 * value would otherwise read back as another type).
 */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined) continue;
    if (ID_KEY.test(key) && (typeof value === 'string' || typeof value === 'number')) {
      params.set(key, String(value));
    } else {
      // The default's text for this one value, so non-id keys round-trip as before.
      const single = new URLSearchParams(defaultStringifySearch({ [key]: value }).slice(1));
      params.set(key, single.get(key) ?? '');
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The router's `parseSearch`: ids are read as strings (`?courseId=1` gives
 * `'1'`), every other value as the router's default reads it. An id written
 * the old way (`?courseId=%221%22`, from a bookmark) reads as the same string.
 */
export function parseSearch(searchStr: string): Record<string, unknown> {
  const search = defaultParseSearch(searchStr) as Record<string, unknown>;
  const params = new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr);
  for (const key of Object.keys(search)) {
    if (!ID_KEY.test(key)) continue;
    const values = params.getAll(key);
    if (values.length === 1) search[key] = unquote(values[0]!);
  }
  return search;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === 'string') return parsed;
    } catch {
      // not JSON: the text as it is
    }
  }
  return value;
}

/**
 * `?courseId=12` as the string id the API uses (see parseSearch). A number is
 * accepted too (a search object built in code); anything else is dropped
 * rather than sent to the server.
 */
export function courseIdSearch(search: Record<string, unknown>): { courseId?: string } {
  const courseId = idSearchValue(search.courseId);
  return courseId ? { courseId } : {};
}

/** A search value as the string id the API uses, or undefined when it names no id (see courseIdSearch). */
export function idSearchValue(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === 'string' && /^\d{1,19}$/.test(value)) return value;
  return undefined;
}
