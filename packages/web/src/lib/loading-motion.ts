/**
 * How long a wait lasts before loading indicators move: the start's spinner appears and the
 * placeholders of a loading page start to pulse only after it. A wait shorter than this shows
 * the text or the still placeholders alone, which is calmer than a spinner flashing for a moment,
 * and draws no animation frames: on a phone (or a machine) without a free GPU each frame of a
 * spinning or pulsing element is composited by the CPU the page is loading with.
 *
 * index.html's boot spinner uses the same 0.8 s; styles.css gives it to the placeholders as
 * --loading-motion-delay.
 */
export const LOADING_MOTION_DELAY_MS = 800;

/**
 * What is left of the start's delay: the start loader takes over the boot screen's spinner and
 * keeps its schedule (0.8 s after the page began to load), rather than starting the wait again.
 */
export function startMotionDelayMs(now: number = performance.now()): number {
  return Math.max(0, Math.round(LOADING_MOTION_DELAY_MS - now));
}
