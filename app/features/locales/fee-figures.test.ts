import { describe, expect, it } from "vitest";
import { formatFeeFigures } from "./fee-figures";

const euro = { code: "EUR", symbol: "€" };
// Intl writes a no-break space (or a narrow one) between the figure and the sign.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("fee figures in a locale's notation", () => {
  it("writes amounts and percentages as German does, with the fraction digits the text gave", () => {
    expect(plain(formatFeeFigures("Account opening: €70.00", "de", euro))).toBe("Account opening: 70,00 €");
    expect(plain(formatFeeFigures("€1.50 up to €1,000 · €175.00 over €100,000", "de", euro))).toBe(
      "1,50 € up to 1.000 € · 175,00 € over 100.000 €",
    );
    expect(plain(formatFeeFigures("Card replenishment: 2.5% · annual 0.75% · 1.5%", "de", euro))).toBe(
      "Card replenishment: 2,5 % · annual 0,75 % · 1,5 %",
    );
    expect(plain(formatFeeFigures("€17.00", "fr", euro))).toBe("17,00 €");
  });

  it("leaves other numbers, figures already in the locale's notation, and English's own alone", () => {
    expect(formatFeeFigures("Transfers take 1-3 business days; a 30-day trial", "de", euro)).toBe(
      "Transfers take 1-3 business days; a 30-day trial",
    );
    expect(plain(formatFeeFigures("Gebühr: 0,2 %", "de", euro))).toBe("Gebühr: 0,2 %");
    expect(formatFeeFigures("€1,000 and 0.2%", "en", euro)).toBe("€1,000 and 0.2%");
  });
});
