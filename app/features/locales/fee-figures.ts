// Fee figures in a locale's notation. The figures and the currency are shared by every locale
// (the fee texts name them as the default locale writes them: `€1,000`, `€17.00`, `2.5%`); a
// page in another locale shows each figure as that locale writes numbers (`1.000 €`, `17,00 €`,
// `2,5 %` in German), with the fraction digits the text gave.

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

const fractionOf = (fraction: string | undefined) => ({
  minimumFractionDigits: fraction?.length ?? 0,
  maximumFractionDigits: fraction?.length ?? 0,
});

/**
 * A text with its amounts (`€1,000`, `€17.00`: the currency's symbol, then the figure in English
 * notation) and percentages (`0.75%`) written for `locale`. Other numbers (days, months) stay.
 */
export function formatFeeFigures(text: string, locale: string, currency: { code: string; symbol: string }): string {
  let result = text;
  if (currency.symbol.trim() !== "" && /^[A-Z]{3}$/.test(currency.code)) {
    const amount = new RegExp(`${escapeRegExp(currency.symbol.trim())}\\s?(\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.(\\d+))?(?![\\d.,]?\\d)`, "g");
    result = result.replace(amount, (whole, integer: string, fraction: string | undefined) => {
      const value = Number(`${integer.replaceAll(",", "")}.${fraction ?? "0"}`);
      if (!Number.isFinite(value)) return whole;
      return numberFormat(locale, { style: "currency", currency: currency.code, ...fractionOf(fraction) }).format(value);
    });
  }
  return result.replace(/(?<![\d.,])(\d+)(?:\.(\d+))?%/g, (whole, integer: string, fraction: string | undefined) => {
    const value = Number(`${integer}.${fraction ?? "0"}`) / 100;
    return Number.isFinite(value) ? numberFormat(locale, { style: "percent", ...fractionOf(fraction) }).format(value) : whole;
  });
}

/** Every text of a page's content with its figures in `locale` (a new object; the content is the cache's). */
export function formatContentFigures(
  content: Readonly<Record<string, string>>,
  locale: string,
  currency: { code: string; symbol: string },
): Record<string, string> {
  return Object.fromEntries(Object.entries(content).map(([section, text]) => [section, formatFeeFigures(text, locale, currency)]));
}
