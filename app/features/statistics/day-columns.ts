// A day's visits packed by column (docs/decisions/0020): each dimension's values as small numbers
// into the day's own list of values, the figures as numbers, the pages and goals as lists of
// numbers. Written once, when the day is over (rollup.server.ts); a view filtered by two values or
// more reads its days that are over from here, in one read, and counts them in JavaScript exactly
// as figures.server.ts counts the visits in SQL.
import type { Totals } from "./schema";

/** The dimensions a visit has one value of, in the order of the packed columns. */
export const packedSingles = [
  "entry",
  "referrer",
  "source",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "device",
  "browser",
  "os",
  "language",
  "country",
  "locale",
  "hour",
] as const;
export type PackedSingle = (typeof packedSingles)[number];
type Listed = PackedSingle | "page" | "goal";

/** One visit as the day's packing reads it (day-columns.server.ts). */
export interface PackedVisit {
  /** The visitor's hash when it has several visits that day (they are counted distinct); null for its only visit. */
  visitor: string | null;
  pageviews: number;
  /** Whole seconds. */
  duration: number;
  singles: Record<PackedSingle, string>;
  paths: string[];
  goals: string[];
}

/** A packed day: its lists of values and its columns' bytes (`data`, base64 in the database). */
export interface PackedDay {
  visits: number;
  values: Record<Listed, string[]>;
  data: Buffer;
}

// The columns after the singles, in this order.
const PAGEVIEWS = packedSingles.length;
const DURATION = PAGEVIEWS + 1;
const VISITOR = PAGEVIEWS + 2;
const PATH_COUNT = PAGEVIEWS + 3;
const PATHS = PAGEVIEWS + 4;
const GOAL_COUNT = PAGEVIEWS + 5;
const GOALS = PAGEVIEWS + 6;
const COLUMNS = GOALS + 1;
/** The format's number, first in `data`: a reader refuses what it does not know. */
const FORMAT = 1;

const widthFor = (max: number) => (max < 0x100 ? 1 : max < 0x10000 ? 2 : 4);

/**
 * Packs a day's visits. `data` starts with the format, the number of visits and each column's
 * width and length; each column starts on a multiple of four bytes, so a reader copies the bytes
 * once and reads every column through a typed array over them.
 */
export function packDay(visits: PackedVisit[]): PackedDay {
  const lists = new Map<Listed, Map<string, number>>();
  const codeOf = (name: Listed, value: string) => {
    let list = lists.get(name);
    if (!list) lists.set(name, (list = new Map()));
    let code = list.get(value);
    if (code === undefined) list.set(value, (code = list.size));
    return code;
  };
  const columns: number[][] = Array.from({ length: COLUMNS }, () => []);
  const visitors = new Map<string, number>();
  for (const visit of visits) {
    packedSingles.forEach((name, index) => columns[index]!.push(codeOf(name, visit.singles[name])));
    columns[PAGEVIEWS]!.push(visit.pageviews);
    columns[DURATION]!.push(Math.max(0, visit.duration));
    let visitor = 0;
    if (visit.visitor !== null) {
      visitor = visitors.get(visit.visitor) ?? visitors.size + 1;
      visitors.set(visit.visitor, visitor);
    }
    columns[VISITOR]!.push(visitor);
    columns[PATH_COUNT]!.push(visit.paths.length);
    for (const path of visit.paths) columns[PATHS]!.push(codeOf("page", path));
    columns[GOAL_COUNT]!.push(visit.goals.length);
    for (const goal of visit.goals) columns[GOALS]!.push(codeOf("goal", goal));
  }
  const widths = columns.map((column) => widthFor(column.reduce((max, value) => (value > max ? value : max), 0)));
  const headerBytes = 4 * (2 + 2 * COLUMNS);
  const align = (offset: number) => (offset + 3) & ~3;
  let size = headerBytes;
  for (const [index, column] of columns.entries()) size = align(size + column.length * widths[index]!);
  const data = Buffer.alloc(size);
  data.writeUInt32LE(FORMAT, 0);
  data.writeUInt32LE(visits.length, 4);
  let offset = headerBytes;
  for (const [index, column] of columns.entries()) {
    const width = widths[index]!;
    data.writeUInt32LE(width, 8 + 8 * index);
    data.writeUInt32LE(column.length, 12 + 8 * index);
    for (const value of column) {
      data.writeUIntLE(value, offset, width);
      offset += width;
    }
    offset = align(offset);
  }
  const values = Object.fromEntries(
    [...packedSingles, "page", "goal"].map((name) => [name, [...(lists.get(name as Listed)?.keys() ?? [])]]),
  ) as Record<Listed, string[]>;
  return { visits: visits.length, values, data };
}

type Column = Uint8Array | Uint16Array | Uint32Array;

/** A packed day's columns, read through typed arrays over its bytes (a copy when they do not start on a multiple of four). */
function columnsOf(day: PackedDay): Column[] {
  // A large Buffer decoded from base64 starts its own memory, on a multiple of four: read in place.
  const bytes = day.data.byteOffset % 4 === 0 ? day.data : Uint8Array.from(day.data);
  // Decoded and inflated bytes are never shared memory.
  const memory = bytes.buffer as ArrayBuffer;
  const words = new DataView(memory, bytes.byteOffset, bytes.byteLength);
  if (words.getUint32(0, true) !== FORMAT) throw new Error(`packed statistics day of unknown format ${words.getUint32(0, true)}`);
  let offset = 4 * (2 + 2 * COLUMNS);
  const columns: Column[] = [];
  for (let index = 0; index < COLUMNS; index += 1) {
    const width = words.getUint32(8 + 8 * index, true);
    const length = words.getUint32(12 + 8 * index, true);
    const Type = width === 1 ? Uint8Array : width === 2 ? Uint16Array : Uint32Array;
    if (![1, 2, 4].includes(width) || offset + length * width > bytes.byteLength)
      throw new Error("packed statistics day does not hold together");
    columns.push(new Type(memory, bytes.byteOffset + offset, length));
    offset = (offset + length * width + 3) & ~3;
  }
  // Read whole before anything is added: a day that does not hold together adds nothing (the
  // lists of pages and goals are checked against their counts with their starts, addPackedDay).
  const count = words.getUint32(4, true);
  if (count !== day.visits || columns.some((column, index) => index !== PATHS && index !== GOALS && column.length !== count))
    throw new Error("packed statistics day does not hold together");
  return columns;
}

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
