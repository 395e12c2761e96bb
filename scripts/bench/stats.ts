/** The middle value of a bench's samples (the upper of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
}
