import type { FaqCategory, FaqEntry } from "~/features/content/catalogue/faq";

export interface FaqFilter {
  term: string;
  /** None means every category ('All'). */
  category: FaqCategory | null;
}

/** Entries of the chosen category whose question or answer contains the term, ignoring case. */
export function filterFaq(entries: readonly FaqEntry[], filter: FaqFilter): FaqEntry[] {
  const term = filter.term.trim().toLocaleLowerCase();
  return entries.filter(
    (entry) =>
      (filter.category === null || entry.category === filter.category) &&
      (term === "" || entry.question.toLocaleLowerCase().includes(term) || entry.answer.toLocaleLowerCase().includes(term)),
  );
}

export const noResultsTitle = (term: string) => `No results found for "${term.trim()}"`;
export const NO_RESULTS_HINT = "Try a different search term or browse by category";
