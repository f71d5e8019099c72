import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from './clock';
import { advanceClock, CLOCK_ADVANCE_PATH, shiftedClock } from './shifted-clock';

const post = (body: unknown, method = 'POST') =>
  new Request(`http://localhost${CLOCK_ADVANCE_PATH}`, {
    method,
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  });

describe('shiftedClock', () => {
  it('runs with the system clock until moved, then stays ahead by what it was moved', async () => {
    const clock = shiftedClock();
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(50);
    const answer = await advanceClock(clock, post({ advanceMs: 90 * MINUTE_MS }));
    expect(answer.status).toBe(200);
    const { now } = (await answer.json()) as { now: number };
    expect(Math.abs(now - (Date.now() + 90 * MINUTE_MS))).toBeLessThan(50);
    expect(Math.abs(clock.now() - (Date.now() + 90 * MINUTE_MS))).toBeLessThan(50);
  });

  it('refuses a clock moved back, a missing amount and other methods', async () => {
    const clock = shiftedClock();
    for (const request of [post({ advanceMs: -1 }), post({}), post('x'), post(null, 'GET')]) {
      expect((await advanceClock(clock, request)).status).toBe(400);
    }
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(50);
  });
});
