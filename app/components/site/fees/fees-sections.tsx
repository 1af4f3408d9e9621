import { Glyph } from "~/components/site/glyph";
import type { PageContent } from "~/components/site/page-content";
import { Section, SectionHeading } from "~/components/site/section";
import { SiteLink } from "~/components/site/site-link";
import { comparisonRows } from "./plans";

/** 'Before Registration' (to /aml-kyc) and 'Account Limits'. */
export function FeesNotices({ content }: { content: PageContent }) {
  return (
    <div className="mx-auto mt-10 grid max-w-5xl gap-6 md:grid-cols-2">
      <section aria-labelledby="before-registration" className="flex gap-4 rounded-2xl border border-amber-200 bg-amber-50 p-6">
        <Glyph name="clipboard-check" className="size-6 shrink-0 text-amber-700" />
        <div>
          <h2 id="before-registration" className="font-semibold text-slate-900">
            {content.before_registration_title}
          </h2>
          <p className="mt-1.5 text-sm leading-relaxed text-slate-700">{content.before_registration_text}</p>
          <SiteLink
            to="/aml-kyc"
            className="mt-3 inline-flex items-center gap-1 rounded text-sm font-semibold text-amber-800 hover:underline focus-visible:outline-2 focus-visible:outline-amber-700"
          >
            {content.before_registration_link}
            <Glyph name="arrow-right" className="size-4" />
          </SiteLink>
        </div>
      </section>
      <section aria-labelledby="account-limits" className="flex gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-6">
        <Glyph name="gauge" className="size-6 shrink-0 text-brand" />
        <div>
          <h2 id="account-limits" className="font-semibold text-slate-900">
            {content.account_limits_title}
          </h2>
          <p className="mt-1.5 text-sm leading-relaxed text-slate-700">{content.account_limits_text}</p>
        </div>
      </section>
    </div>
  );
}

function Included({ value }: { value: boolean }) {
  return value ? (
    <span className="inline-grid size-7 place-items-center rounded-full bg-brand-accent/10 text-brand-accent">
      <Glyph name="check" className="size-4" label="Included" />
    </span>
  ) : (
    <span className="inline-grid size-7 place-items-center rounded-full bg-slate-100 text-slate-500">
      <Glyph name="x" className="size-4" label="Not included" />
    </span>
  );
}

export function ComparisonTable({ content }: { content: PageContent }) {
  return (
    <Section labelledBy="comparison-title" className="bg-slate-50">
      <SectionHeading id="comparison-title" title={content.comparison_title} />
      <div className="mx-auto mt-12 max-w-4xl overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-900">
            <tr>
              <th scope="col" className="px-3 py-4 sm:px-6 font-semibold">
                Features
              </th>
              <th scope="col" className="px-3 py-4 sm:px-6 text-center font-semibold">
                {content.personal_plan_name}
              </th>
              <th scope="col" className="px-3 py-4 sm:px-6 text-center font-semibold">
                {content.business_plan_name}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {comparisonRows.map((row) => (
              <tr key={row.section}>
                <th scope="row" className="px-3 py-4 sm:px-6 font-medium text-slate-700">
                  {content[row.section]}
                </th>
                <td className="px-3 py-4 sm:px-6 text-center">
                  <Included value={row.personal} />
                </td>
                <td className="px-3 py-4 sm:px-6 text-center">
                  <Included value={row.business} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
