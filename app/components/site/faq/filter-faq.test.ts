import { describe, expect, it } from "vitest";
import { faqCategories, faqEntries } from "~/features/content/catalogue/faq";
import { filterFaq, NO_RESULTS_HINT, noResultsTitle } from "./filter-faq";

describe("FAQ filter", () => {
  it("has ten fixed questions in the four categories", () => {
    expect(faqEntries).toHaveLength(10);
    expect(new Set(faqEntries.map((entry) => entry.category))).toEqual(new Set(faqCategories));
  });

  it("carries the default facts of the FAQ", () => {
    const text = faqEntries.map((entry) => entry.answer).join(" ");
    for (const fact of ["30-day free trial", "not older than 3 months", "1-2 business days", "1-3 business days"]) {
      expect(text).toContain(fact);
    }
  });

  it("returns everything with no term and no category", () => {
    expect(filterFaq(faqEntries, { term: "", category: null })).toEqual(faqEntries);
    expect(filterFaq(faqEntries, { term: "   ", category: null })).toEqual(faqEntries);
  });

  it("matches the question or the answer, ignoring case", () => {
    const byQuestion = filterFaq(faqEntries, { term: "VIRTUAL CARD", category: null });
    expect(byQuestion.map((entry) => entry.question)).toEqual(["How do I get a virtual card?"]);
    const byAnswer = filterFaq(faqEntries, { term: "utility bill", category: null });
    expect(byAnswer.map((entry) => entry.question)).toEqual(["Which documents do I need for verification?"]);
  });

  it("keeps only the chosen category, and combines it with the term", () => {
    const cards = filterFaq(faqEntries, { term: "", category: "Cards" });
    expect(cards).toHaveLength(2);
    expect(cards.every((entry) => entry.category === "Cards")).toBe(true);
    expect(filterFaq(faqEntries, { term: "fee", category: "Cards" }).map((entry) => entry.question)).toEqual(["How do I top up my card?"]);
    expect(filterFaq(faqEntries, { term: "virtual card", category: "Security" })).toEqual([]);
  });

  it("keeps the list's order", () => {
    const result = filterFaq(faqEntries, { term: "transfer", category: null });
    const positions = result.map((entry) => faqEntries.indexOf(entry));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(result.length).toBeGreaterThan(1);
  });

  it("words the empty result as the FAQ page does", () => {
    expect(noResultsTitle(" crypto ")).toBe('No results found for "crypto"');
    expect(NO_RESULTS_HINT).toBe("Try a different search term or browse by category");
  });
});
