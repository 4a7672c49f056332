// Prices are shown and exported to the cent; binary floats make 1.005 * 100 = 100.49999..., so a tiny
// nudge in the direction of the sign keeps half-cents rounding away from zero as a person expects.
const NUDGE = 1e-9;

export function roundCents(value: number): number {
  return (Math.sign(value) * Math.round(Math.abs(value) * 100 + NUDGE)) / 100;
}

/** A fraction to 0.01 % (4 decimals): 0.249166 -> 0.2492. */
export function roundRatio(value: number): number {
  return (Math.sign(value) * Math.round(Math.abs(value) * 10_000 + NUDGE)) / 10_000;
}
