import { Glyph } from "~/components/site/glyph";
import { useId, useState } from "react";
import { faqCategories, faqEntries, type FaqCategory } from "~/features/content/catalogue/faq";
import { classes } from "~/components/site/classes";
import { filterFaq, NO_RESULTS_HINT, noResultsTitle } from "./filter-faq";

const chipClass = (active: boolean) =>
  classes(
    "rounded-full px-4 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand",
    active ? "bg-brand text-brand-foreground shadow-sm" : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50",
  );

/** Search, category filter and the expandable list of the fixed FAQ entries. */
// long-function: search, category filter and list read the same filtered entries; the JSX is one browser
export function FaqBrowser({ searchLabel, searchPlaceholder }: { searchLabel: string; searchPlaceholder: string }) {
  const [term, setTerm] = useState("");
  const [category, setCategory] = useState<FaqCategory | null>(null);
  // Open answers by their index in the filtered list; a new filter starts with all closed.
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const idPrefix = useId();
  const entries = filterFaq(faqEntries, { term, category });

  const changeFilter = (update: () => void) => {
    update();
    setExpanded(new Set());
  };
  const toggle = (index: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });

  return (
    <div className="mx-auto max-w-3xl">
      <div className="relative">
        <label htmlFor={`${idPrefix}-search`} className="sr-only">
          {searchLabel}
        </label>
        <Glyph name="search" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-400" />
        <input
          id={`${idPrefix}-search`}
          type="search"
          value={term}
          onChange={(event) => changeFilter(() => setTerm(event.target.value))}
          placeholder={searchPlaceholder}
          className="h-14 w-full rounded-2xl border border-slate-300 bg-white pr-4 pl-12 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-brand focus-visible:ring-4 focus-visible:ring-brand/15 focus-visible:outline-none"
        />
      </div>
      <div role="group" aria-label="Categories" className="mt-6 flex flex-wrap gap-2">
        <button
          type="button"
          aria-pressed={category === null}
          onClick={() => changeFilter(() => setCategory(null))}
          className={chipClass(category === null)}
        >
          All
        </button>
        {faqCategories.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={category === name}
            onClick={() => changeFilter(() => setCategory(category === name ? null : name))}
            className={chipClass(category === name)}
          >
            {name}
          </button>
        ))}
      </div>
      {entries.length === 0 ? (
        <div role="status" className="mt-10 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <Glyph name="search-x" className="mx-auto block size-10 text-slate-400" />
          <p className="mt-4 text-lg font-semibold text-slate-900">{noResultsTitle(term)}</p>
          <p className="mt-1 text-slate-600">{NO_RESULTS_HINT}</p>
        </div>
      ) : (
        <ul className="mt-8 space-y-3">
          {entries.map((entry, index) => {
            const open = expanded.has(index);
            const panelId = `${idPrefix}-answer-${index}`;
            return (
              <li key={entry.question} className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
                <h2>
                  <button
                    type="button"
                    aria-expanded={open}
                    aria-controls={panelId}
                    onClick={() => toggle(index)}
                    className="flex w-full items-center gap-4 rounded-2xl px-6 py-5 text-left focus-visible:outline-2 focus-visible:outline-brand"
                  >
                    <span className="flex-1 font-semibold text-slate-900">{entry.question}</span>
                    <span className="hidden rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-600 sm:inline">
                      {entry.category}
                    </span>
                    <Glyph name="chevron-down" className={classes("size-5 shrink-0 text-slate-500 transition", open && "rotate-180")} />
                  </button>
                </h2>
                <div id={panelId} hidden={!open} className="px-6 pb-5 leading-relaxed text-slate-600">
                  {entry.answer}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
