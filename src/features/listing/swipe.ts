/** A touch must last this long before its movement counts as a drag (spec 2 "Gallery and lightbox"). */
export const SWIPE_DELAY_MS = 150;
/** The horizontal distance a drag must cover to change the image. */
export const SWIPE_DISTANCE_PX = 50;

export interface SwipeStart {
  x: number;
  y: number;
  time: number;
}

/** How far the image follows the finger: nothing before the delay, or when the drag is mostly vertical. */
export function dragOffset(start: SwipeStart, x: number, y: number, time: number): number {
  if (time - start.time < SWIPE_DELAY_MS) return 0;
  const dx = x - start.x;
  return Math.abs(dx) >= Math.abs(y - start.y) ? dx : 0;
}

/** The step a finished touch asks for: +1 (swipe left, next), -1 (swipe right, previous) or 0. */
export function swipeStep(start: SwipeStart, x: number, y: number, time: number): -1 | 0 | 1 {
  const dx = dragOffset(start, x, y, time);
  if (Math.abs(dx) < SWIPE_DISTANCE_PX) return 0;
  return dx < 0 ? 1 : -1;
}
