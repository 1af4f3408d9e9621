/**
 * A translation's completeness as a percentage for people: never "0 %" once something is
 * translated ("<1 %" for 1 of 207) and never "100 %" until every field is (">99 %" for 206 of 207).
 */
export function completenessPercent(complete: number, total: number, language: string): string {
  const percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 });
  if (total <= 0 || complete <= 0) return percent.format(0);
  if (complete >= total) return percent.format(1);
  const share = complete / total;
  if (share < 0.01) return `<${percent.format(0.01)}`;
  if (share > 0.99) return `>${percent.format(0.99)}`;
  return percent.format(Math.min(0.99, Math.max(0.01, share)));
}
