/**
 * A CSV cell. Text a spreadsheet would run as a formula (starting with =, +, -, @, or a tab
 * or carriage return before one) gets a leading apostrophe: the messages are written by
 * strangers, and an export is opened by staff.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: readonly (string | number | boolean | null | undefined)[]) => cells.map(csvCell).join(",");
