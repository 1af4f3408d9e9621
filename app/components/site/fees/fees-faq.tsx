import { Glyph } from "~/components/site/glyph";
import type { PageContent } from "~/components/site/page-content";
import { Section, SectionHeading } from "~/components/site/section";

const FEES_FAQ_COUNT = 4;

/** The fees page's questions, each answer expandable (native details: works before hydration). */
export function FeesFaq({ content }: { content: PageContent }) {
  const entries = Array.from({ length: FEES_FAQ_COUNT }, (_, index) => ({
    question: content[`faq_question_${index + 1}`],
    answer: content[`faq_answer_${index + 1}`],
  })).filter((entry) => entry.question && entry.answer);
  return (
    <Section labelledBy="fees-faq-title">
      <SectionHeading id="fees-faq-title" title={content.faq_title} />
      <div className="mx-auto mt-12 max-w-3xl divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {entries.map((entry) => (
          <details key={entry.question} className="group px-6 [&_summary::-webkit-details-marker]:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand">
              {entry.question}
              <Glyph name="chevron-down" className="size-5 shrink-0 text-slate-500 transition group-open:rotate-180" />
            </summary>
            <p className="pb-5 leading-relaxed text-slate-600">{entry.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}
