import { Glyph } from "~/components/site/glyph";
import { BUSINESS_BENEFIT_COUNT, BUSINESS_CARD_COUNT } from "~/features/content/catalogue/pages/counts";
import { CtaLink } from "~/components/site/cta-link";
import { numbered, type PageContent } from "~/components/site/page-content";
import { PageHero, Section, SectionHeading } from "~/components/site/section";
import { SecurityBand } from "~/components/site/security-band";
import { SiteImage } from "~/components/site/site-image";
import type { SiteSettings } from "~/components/site/use-site-settings";

const cardIcons = ["users", "credit-card", "file-bar-chart"] as const;

/** The business page: hero to /contact and /fees, three cards, eight benefits, Get Started. */
// long-function: static page markup in reading order (hero, cards, benefits, call to action); splitting it hides nothing
export function BusinessPage({ content, security, settings }: { content: PageContent; security: PageContent; settings: SiteSettings }) {
  const image = settings.about_image?.trim();
  return (
    <>
      <PageHero badge={content.hero_badge} title={content.hero_title} subtitle={content.hero_subtitle}>
        <CtaLink to="/contact" size="lg">
          {content.hero_primary_button}
          <Glyph name="arrow-right" />
        </CtaLink>
        <CtaLink to="/fees" variant="outline" size="lg">
          {content.hero_secondary_button}
        </CtaLink>
      </PageHero>
      <Section labelledBy="business-cards-title">
        <SectionHeading id="business-cards-title" title={content.cards_title} />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {cardIcons.slice(0, BUSINESS_CARD_COUNT).map((icon, index) => (
            <li key={index} className="rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
              <span className="grid size-12 place-items-center rounded-xl bg-gradient-to-br from-brand to-brand-accent text-white">
                <Glyph name={icon} />
              </span>
              <h3 className="mt-5 text-xl font-semibold text-slate-900">{content[`card_${index + 1}_title`]}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{content[`card_${index + 1}_description`]}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section labelledBy="benefits-title" className="bg-slate-50" innerClassName="grid items-center gap-14 lg:grid-cols-2">
        <div>
          <SectionHeading id="benefits-title" align="left" title={content.benefits_title} subtitle={content.benefits_subtitle} />
          <ul className="mt-8 grid gap-x-6 gap-y-4 sm:grid-cols-2">
            {numbered(content, "benefit_", BUSINESS_BENEFIT_COUNT).map((benefit) => (
              <li key={benefit} className="flex items-start gap-3 text-slate-700">
                <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-brand-accent text-brand-accent-foreground">
                  <Glyph name="check" className="size-3.5" />
                </span>
                {benefit}
              </li>
            ))}
          </ul>
        </div>
        {image ? (
          <SiteImage
            src={image}
            alt={content.benefits_title ?? ""}
            sizes="(min-width: 1024px) 600px, 100vw"
            className="h-auto w-full rounded-3xl object-cover shadow-xl"
          />
        ) : (
          <div aria-hidden="true" className="grid grid-cols-2 gap-4">
            {(
              [
                { icon: "building-2", label: "Company account", value: "€48,210.00" },
                { icon: "credit-card", label: "Team cards", value: "12 active" },
                { icon: "trending-up", label: "Spend this month", value: "€9,834.17" },
                { icon: "file-bar-chart", label: "Reports", value: "Ready to export" },
              ] as const
            ).map(({ icon, label, value }) => (
              <div key={label} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <Glyph name={icon} className="size-5 text-brand" />
                <p className="mt-4 text-sm text-slate-500">{label}</p>
                <p className="mt-1 text-lg font-bold text-slate-900">{value}</p>
              </div>
            ))}
          </div>
        )}
      </Section>
      <SecurityBand content={security} />
      <Section labelledBy="get-started-title" padding="noTop">
        <div className="hero-surface rounded-[2rem] px-6 py-14 text-center sm:px-12">
          <h2 id="get-started-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            {content.get_started_title}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-white/85">{content.get_started_description}</p>
          <CtaLink to={settings.signup_button_url} newTab variant="light" size="lg" className="mt-8">
            {content.get_started_button}
            <Glyph name="arrow-right" />
          </CtaLink>
        </div>
      </Section>
    </>
  );
}
