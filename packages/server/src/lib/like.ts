/** `%keyword%` for ILIKE, with the wildcard characters of the keyword taken literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
