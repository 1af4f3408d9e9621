// A day's visits packed by column (docs/decisions/0020): each dimension's values as small numbers
// into the day's own list of values, the figures as numbers, the pages and goals as lists of
// numbers. Written once, when the day is over (rollup.server.ts); a view filtered by two values or
// more reads its days that are over from here, in one read, and counts them in JavaScript exactly
// as figures.server.ts counts the visits in SQL (packed-figures.ts).

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
export const PAGEVIEWS = packedSingles.length;
export const DURATION = PAGEVIEWS + 1;
export const VISITOR = PAGEVIEWS + 2;
export const PATH_COUNT = PAGEVIEWS + 3;
export const PATHS = PAGEVIEWS + 4;
export const GOAL_COUNT = PAGEVIEWS + 5;
export const GOALS = PAGEVIEWS + 6;
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
export function columnsOf(day: PackedDay): Column[] {
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
