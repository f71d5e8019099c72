import type { Clock } from './clock';

/**
 * The system clock moved forward on request: for the end-to-end journeys only (TEST_CLOCK=1),
 * where an exam's deadline must pass without waiting for it. The server's own view of time moves
 * (deadlines, the sweep that submits overdue attempts, serverTime in answers), so the browser's
 * countdown, synced to serverTime, moves with it.
 */
export function shiftedClock(): Clock & { advance(ms: number): number } {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      offset += ms;
      return Date.now() + offset;
    },
  };
}

/** The address the journeys post `{ "advanceMs": n }` to (only where the clock is shifted). */
export const CLOCK_ADVANCE_PATH = '/__test__/clock/advance';

/** Answers a request to CLOCK_ADVANCE_PATH: the clock moved on, its new time. */
export async function advanceClock(
  clock: ReturnType<typeof shiftedClock>,
  request: Request,
): Promise<Response> {
  const body = (await request.json().catch(() => null)) as { advanceMs?: unknown } | null;
  const ms = body?.advanceMs;
  if (request.method !== 'POST' || typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
    return Response.json({ error: 'POST { "advanceMs": 非负毫秒数 }' }, { status: 400 });
  }
  return Response.json({ now: clock.advance(ms) });
}
