/** Counts the event loop's check phases from now: `current()` so far, `stop()` ends the count and returns it. */
export function countLoopTurns() {
  let turns = 0;
  let counting = true;
  const tick = () => {
    turns += 1;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    current: () => turns,
    stop() {
      counting = false;
      return turns;
    },
  };
}
