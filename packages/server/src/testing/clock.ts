import type { Clock } from '../lib/clock';

/** A clock that only moves when a test says so. */
export interface TestClock extends Clock {
  set(ms: number): void;
  advance(ms: number): void;
}

export function createTestClock(start: number): TestClock {
  let current = start;
  return {
    now: () => current,
    set: (ms) => {
      current = ms;
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
