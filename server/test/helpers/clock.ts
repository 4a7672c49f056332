/** A controllable clock for deps.now: starts at the real time, moves only when told. */
export function createClock(start = Date.now()) {
  let at = start;
  return {
    now: () => at,
    advance(ms: number) {
      at += ms;
    },
  };
}

export type Clock = ReturnType<typeof createClock>;
