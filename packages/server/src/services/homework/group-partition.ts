/**
 * How the automatic grouping previews cut a roster into teams: pure functions,
 * so that the same seed and the same roster always give the same teams.
 */

/**
 * The seed of one teaching class: the request's seed mixed with the class id,
 * so a class is grouped the same way whichever other classes are grouped with it.
 */
export function classSeed(seed: number, teachingClassId: number): number {
  return (seed ^ Math.imul(teachingClassId, 0x9e3779b1)) >>> 0;
}

/** A Fisher–Yates shuffle driven by `random`; the input stays as it was. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * Teams of `size` in order; a last team smaller than half of `size` is spread
 * over the teams before it, one member each from the first (the product spec's
 * 最后一组不足 groupSize 的一半时并入前面各组). A roster smaller than that is one team.
 */
export function chunkBySize<T>(items: readonly T[], size: number): T[][] {
  const teams: T[][] = [];
  for (let start = 0; start < items.length; start += size) teams.push(items.slice(start, start + size));
  const last = teams.at(-1);
  if (teams.length > 1 && last && last.length * 2 < size) {
    teams.pop();
    last.forEach((item, index) => teams[index % teams.length]?.push(item));
  }
  return teams;
}

/** `count` teams in order whose sizes differ by one at most (fewer teams when there are fewer items). */
export function splitIntoCount<T>(items: readonly T[], count: number): T[][] {
  const teams = Math.min(count, items.length);
  const out: T[][] = [];
  let start = 0;
  for (let i = 0; i < teams; i++) {
    const size = Math.floor(items.length / teams) + (i < items.length % teams ? 1 : 0);
    out.push(items.slice(start, start + size));
    start += size;
  }
  return out;
}
