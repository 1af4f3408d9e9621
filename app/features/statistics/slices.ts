// A period's days in slices for the dashboard's reads (dashboard.server.ts).

/**
 * A period in slices, so no single statement holds the database for long (on the embedded
 * database a statement is a stretch of the event loop that visitors' requests wait behind): a
 * month of a roll-up (a few hundred rows a day), or the days of visits whose visits add up to
 * VISITS_PER_STATEMENT (a busy day alone), at most a month of them.
 */
export const SLICE_DAYS = 31;
const VISITS_PER_STATEMENT = 500;
export function slices(days: string[], size: number): string[][] {
  const result: string[][] = [];
  for (let start = 0; start < days.length; start += size) result.push(days.slice(start, start + size));
  return result;
}
/** Packed days (day-columns.ts) are read this many visits at a time: a few MB of columns. */
export const PACKED_VISITS_PER_READ = 100_000;
export function slicesByVisits(days: { day: string; visits: number }[], perSlice = VISITS_PER_STATEMENT): string[][] {
  const result: string[][] = [];
  let slice: string[] = [];
  let visits = 0;
  for (const { day, visits: dayVisits } of days) {
    if (slice.length > 0 && (visits + dayVisits > perSlice || slice.length === SLICE_DAYS)) {
      result.push(slice);
      [slice, visits] = [[], 0];
    }
    slice.push(day);
    visits += dayVisits;
  }
  if (slice.length > 0) result.push(slice);
  return result;
}
