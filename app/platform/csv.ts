/** What a CSV cell may be given: null and undefined are written as an empty cell. */
export type CsvValue = string | number | boolean | null | undefined;

/** Text a spreadsheet would run as a formula: it starts with =, +, -, @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Characters that end a cell unless it is quoted: the comma, the semicolon (the separator some locales use), quotes and line breaks. */
const NEEDS_QUOTES = /[",;\r\n]/;

/**
 * A CSV cell, the one rule both exports (messages and activity) write with. A formula gets a
 * leading apostrophe, so a spreadsheet shows it as text: the messages are written by strangers,
 * and an export is opened by staff. A cell holding a separator, a quote or a line break is quoted,
 * its quotes doubled.
 */
export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: readonly CsvValue[]) => cells.map(csvCell).join(",");
