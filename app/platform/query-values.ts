// Values a query string may carry, checked before they reach the database: a calendar day that
// exists (PostgreSQL refuses 2024-02-30, where `Date.parse` rolls it over to 1 March) in years
// whose next and previous days it can still store, and text without control characters (it
// refuses a NUL byte in UTF-8 text).

/** Control characters (NUL among them), which no search, name or filter value holds. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

export const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);

/** A real calendar day, `YYYY-MM-DD`, in years 1000–9998 (so the day after it is one too). */
export function isCalendarDay(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const length = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return year >= 1000 && year <= 9998 && length !== undefined && date >= 1 && date <= length;
}
