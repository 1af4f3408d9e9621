import { Glyph } from "~/components/site/glyph";
import { SECURITY_BADGE_COUNT } from "~/features/content/catalogue/pages/counts";
import { numbered, type PageContent } from "./page-content";
import { Section } from "./section";

/** The 'security' page content as a band on the features and business pages. */
export function SecurityBand({ content }: { content: PageContent }) {
  return (
    <Section labelledBy="security-band-title" padding="compact">
      <div className="card flex flex-col gap-8 bg-slate-50 p-8 sm:p-10 lg:flex-row lg:items-center">
        <span className="icon-tile-solid size-14">
          <Glyph name="shield-check" />
        </span>
        <div className="flex-1">
          <h2 id="security-band-title" className="text-xl font-bold text-slate-900">
            {content.title}
          </h2>
          <p className="mt-2 text-slate-600">{content.description}</p>
        </div>
        <ul className="check-list space-y-2.5 text-sm font-medium lg:max-w-xs">
          {numbered(content, "badge_", SECURITY_BADGE_COUNT).map((badge) => (
            <li key={badge}>
              <Glyph name="badge-check" />
              {badge}
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
