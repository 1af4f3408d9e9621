// The figures of packed days (day-columns.ts): the visits that match a view's filters counted as
// figures.server.ts counts them in SQL (docs/decisions/0020).
import {
  columnsOf,
  DURATION,
  GOAL_COUNT,
  GOALS,
  PAGEVIEWS,
  PATH_COUNT,
  PATHS,
  packedSingles,
  VISITOR,
  type PackedDay,
  type PackedSingle,
} from "./day-columns";
import type { Totals } from "./schema";

/** A filter as the packed columns read it: a single dimension's value, or a page viewed or a goal reached. */
export type PackedFilter = [PackedSingle | "page" | "goal", string];

export interface PackedRow extends Totals {
  dimension: string;
  value: string;
}

const FIGURES = 6; // visitors, visits, pageviews, bounces, duration, conversions

/**
 * Adds to `into` the figures of a packed day's visits that match every filter, as
 * figuresOfVisits answers them (`total`, every single dimension, `page`, `goal` and the day's
 * `day`), or of `total` only. A visit that is its visitor's only one that day counts one visitor; the visitors of the
 * others are counted distinct, per value.
 */
// long-function: one pass over a day's columns: the matching visits, each list's figures and the visitors with several visits share the typed arrays it reads once
export function addPackedDay(into: PackedSums, day: string, packed: PackedDay, filters: PackedFilter[], totalOnly: boolean): void {
  const wanted: { column: number; code: number; list?: "page" | "goal" }[] = [];
  for (const [name, value] of filters) {
    const code = packed.values[name].indexOf(value);
    // A value the day has no visit with: nothing matches.
    if (code < 0) return;
    if (name === "page" || name === "goal") wanted.push({ column: name === "page" ? PATHS : GOALS, code, list: name });
    else wanted.push({ column: packedSingles.indexOf(name), code });
  }
  const columns = columnsOf(packed);
  const count = packed.visits;
  const pageviews = columns[PAGEVIEWS]!;
  const duration = columns[DURATION]!;
  const visitorOf = columns[VISITOR]!;
  const pathCount = columns[PATH_COUNT]!;
  const pathCodes = columns[PATHS]!;
  const goalCount = columns[GOAL_COUNT]!;
  const goalCodes = columns[GOALS]!;
  const singleCount = totalOnly ? 0 : packedSingles.length;
  // Per list (the singles, then the pages, the goals, the total): the six figures of each value.
  const sums = [...packedSingles.map((name) => packed.values[name].length), packed.values.page.length, packed.values.goal.length, 1].map(
    (length) => new Float64Array(length * FIGURES),
  );
  const PAGE = packedSingles.length;
  const GOAL = PAGE + 1;
  const TOTAL = PAGE + 2;
  // First the visits that match (and where each one's pages and goals start), then each list's
  // figures in a loop of its own over them: one column read at a time, the same kind of array
  // at every step.
  const pathStarts = new Uint32Array(count + 1);
  const goalStarts = new Uint32Array(count + 1);
  let pathsSoFar = 0;
  let goalsSoFar = 0;
  for (let visit = 0; visit < count; visit += 1) {
    pathStarts[visit + 1] = pathsSoFar += pathCount[visit]!;
    goalStarts[visit + 1] = goalsSoFar += goalCount[visit]!;
  }
  if (pathsSoFar !== pathCodes.length || goalsSoFar !== goalCodes.length) throw new Error("packed statistics day does not hold together");
  // The visits that match: the first filter's column read whole, each next one only where the
  // ones before matched (`matched`, `found` of them; before the first filter, every visit).
  let matched = new Uint32Array(0);
  let found = count;
  let every = true;
  for (const filter of wanted) {
    const kept = new Uint32Array(found);
    let left = 0;
    if (filter.list === undefined) {
      const column = columns[filter.column]!;
      const code = filter.code;
      if (every) {
        for (let visit = 0; visit < count; visit += 1) if (column[visit] === code) kept[left++] = visit;
      } else
        for (let index = 0; index < found; index += 1) {
          const visit = matched[index]!;
          if (column[visit] === code) kept[left++] = visit;
        }
    } else {
      const [starts, codes] = filter.list === "page" ? [pathStarts, pathCodes] : [goalStarts, goalCodes];
      for (let index = 0; index < found; index += 1) {
        const visit = every ? index : matched[index]!;
        for (let at = starts[visit]!; at < starts[visit + 1]!; at += 1)
          if (codes[at] === filter.code) {
            kept[left++] = visit;
            break;
          }
      }
    }
    [matched, found, every] = [kept, left, false];
  }
  if (every) matched = Uint32Array.from({ length: count }, (_, visit) => visit);
  // Each matching visit's figures, once. `single`: the visit is its visitor's only one that day,
  // one visitor of each of its values; the visitors of the others are counted below.
  const single = new Float64Array(found);
  const views = new Float64Array(found);
  const bounces = new Float64Array(found);
  const seconds = new Float64Array(found);
  const converted = new Float64Array(found);
  for (let index = 0; index < found; index += 1) {
    const visit = matched[index]!;
    single[index] = visitorOf[visit] === 0 ? 1 : 0;
    views[index] = pageviews[visit]!;
    bounces[index] = pageviews[visit] === 1 ? 1 : 0;
    seconds[index] = duration[visit]!;
    converted[index] = goalCount[visit]! > 0 ? 1 : 0;
  }
  const addVisit = (list: number, code: number, index: number, pageviewsOf: number, conversion: number) => {
    const at = code * FIGURES;
    const row = sums[list]!;
    row[at]! += single[index]!;
    row[at + 1]! += 1;
    row[at + 2]! += pageviewsOf;
    row[at + 3]! += bounces[index]!;
    row[at + 4]! += seconds[index]!;
    row[at + 5]! += conversion;
  };
  for (let index = 0; index < found; index += 1) addVisit(TOTAL, 0, index, views[index]!, converted[index]!);
  for (let list = 0; list < singleCount; list += 1) {
    // addVisit written out: thirteen lists of every matching visit are most of a view's work.
    const column = columns[list]!;
    const row = sums[list]!;
    for (let index = 0; index < found; index += 1) {
      const at = column[matched[index]!]! * FIGURES;
      row[at]! += single[index]!;
      row[at + 1]! += 1;
      row[at + 2]! += views[index]!;
      row[at + 3]! += bounces[index]!;
      row[at + 4]! += seconds[index]!;
      row[at + 5]! += converted[index]!;
    }
  }
  if (!totalOnly) {
    const pages = sums[PAGE]!;
    for (let index = 0; index < found; index += 1) {
      const visit = matched[index]!;
      const start = pathStarts[visit]!;
      const end = pathStarts[visit + 1]!;
      for (let at = start; at < end; at += 1) {
        const code = pathCodes[at]!;
        let first = true;
        for (let before = start; before < at; before += 1) if (pathCodes[before] === code) first = false;
        // Every view of a page is a pageview of it; its first view in the visit counts the visit.
        if (first) addVisit(PAGE, code, index, 1, converted[index]!);
        else pages[code * FIGURES + 2]! += 1;
      }
      // A goal's row: the visit's figures, one conversion.
      for (let at = goalStarts[visit]!; at < goalStarts[visit + 1]!; at += 1) addVisit(GOAL, goalCodes[at]!, index, views[index]!, 1);
    }
  }
  // The visitors with several visits that day, each counted once per value: their matching visits
  // in visitor order, and per list the last visitor counted for each value.
  const several: number[] = [];
  for (let index = 0; index < found; index += 1) if (single[index] === 0) several.push(matched[index]!);
  several.sort((a, b) => visitorOf[a]! - visitorOf[b]! || a - b);
  const countVisitors = (list: number, codesOf: (visit: number, each: (code: number) => void) => void) => {
    const row = sums[list]!;
    const last = new Uint32Array(row.length / FIGURES);
    for (const visit of several) {
      const visitor = visitorOf[visit]!;
      codesOf(visit, (code) => {
        if (last[code] === visitor) return;
        last[code] = visitor;
        row[code * FIGURES]! += 1;
      });
    }
  };
  if (several.length > 0) {
    countVisitors(TOTAL, (_visit, each) => each(0));
    for (let list = 0; list < singleCount; list += 1) countVisitors(list, (visit, each) => each(columns[list]![visit]!));
    if (!totalOnly) {
      countVisitors(PAGE, (visit, each) => {
        for (let at = pathStarts[visit]!; at < pathStarts[visit + 1]!; at += 1) each(pathCodes[at]!);
      });
      countVisitors(GOAL, (visit, each) => {
        for (let at = goalStarts[visit]!; at < goalStarts[visit + 1]!; at += 1) each(goalCodes[at]!);
      });
    }
  }

  const total = sums[TOTAL]!;
  if (total[1] === 0) return;
  const emit = (dimension: string, list: number, values: string[]) => {
    const row = sums[list]!;
    for (let code = 0; code < values.length; code += 1)
      if (row[code * FIGURES + 1] !== 0) into.add(dimension, values[code]!, row, code * FIGURES);
  };
  emit("total", TOTAL, [""]);
  if (totalOnly) return;
  into.add("day", day, total, 0);
  packedSingles.forEach((name, index) => emit(name, index, packed.values[name]));
  emit("page", PAGE, packed.values.page);
  emit("goal", GOAL, packed.values.goal);
}

/** The figures of several packed days added up by dimension and value (addPackedDay), then read as rows. */
export class PackedSums {
  private readonly sums = new Map<string, Map<string, Float64Array>>();

  add(dimension: string, value: string, figures: Float64Array, at: number) {
    let values = this.sums.get(dimension);
    if (!values) this.sums.set(dimension, (values = new Map()));
    let sum = values.get(value);
    if (!sum) values.set(value, (sum = new Float64Array(FIGURES)));
    for (let index = 0; index < FIGURES; index += 1) sum[index]! += figures[at + index]!;
  }

  rows(): PackedRow[] {
    const rows: PackedRow[] = [];
    for (const [dimension, values] of this.sums)
      for (const [value, sum] of values)
        rows.push({
          dimension,
          value,
          visitors: sum[0]!,
          visits: sum[1]!,
          pageviews: sum[2]!,
          bounces: sum[3]!,
          duration: sum[4]!,
          conversions: sum[5]!,
        });
    return rows;
  }
}

/** One packed day's figures as rows (addPackedDay for a single day). */
export function figuresOfPackedDay(day: string, packed: PackedDay, filters: PackedFilter[], totalOnly: boolean): PackedRow[] {
  const sums = new PackedSums();
  addPackedDay(sums, day, packed, filters, totalOnly);
  return sums.rows();
}
