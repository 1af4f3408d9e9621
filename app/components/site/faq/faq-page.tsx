import { Glyph } from "~/components/site/glyph";
import { CtaLink } from "~/components/site/cta-link";
import type { PageContent } from "~/components/site/page-content";
import { PageHero, Section } from "~/components/site/section";
import { FaqBrowser } from "./faq-browser";

export function FaqPage({ content }: { content: PageContent }) {
  return (
    <>
      <PageHero badge={content.hero_badge} title={content.hero_title} subtitle={content.hero_subtitle} />
      <Section className="bg-slate-50" padding="afterHero">
        <FaqBrowser searchLabel={content.search_label ?? ""} searchPlaceholder={content.search_placeholder ?? ""} />
        <div className="mx-auto mt-14 flex max-w-3xl flex-col items-center gap-4 rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200 sm:flex-row sm:text-left">
          <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand/10 text-brand">
            <Glyph name="life-buoy" className="size-6" />
          </span>
          <div className="flex-1">
            <h2 className="text-lg font-semibold text-slate-900">{content.support_title}</h2>
            <p className="text-slate-600">{content.support_description}</p>
          </div>
          <CtaLink to="/contact">{content.support_button}</CtaLink>
        </div>
      </Section>
    </>
  );
}
