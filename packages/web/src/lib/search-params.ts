/**
 * `?courseId=12` as the string id the API uses. The router parses search
 * values as JSON, so a plain number arrives as a number; a quoted one as a
 * string. Anything else is dropped rather than sent to the server.
 */
export function courseIdSearch(search: Record<string, unknown>): { courseId?: string } {
  const value = search.courseId;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return { courseId: String(value) };
  if (typeof value === 'string' && /^\d{1,19}$/.test(value)) return { courseId: value };
  return {};
}
