import { Glyph } from "~/components/site/glyph";
import { CONTROL_POINT_COUNT } from "~/features/content/catalogue/pages/counts";
import { CtaLink } from "~/components/site/cta-link";
import { CardArt } from "~/components/site/illustrations";
import { numbered, type PageContent } from "~/components/site/page-content";
import { PageHero, Section } from "~/components/site/section";
import { SecurityBand } from "~/components/site/security-band";
import { SiteImage } from "~/components/site/site-image";
import type { SiteSettings } from "~/components/site/use-site-settings";

// One icon per card, in the order of the catalogue's card_1 … card_8.
const cardIcons = ["lock", "wallet", "credit-card", "activity", "globe-2", "users", "eye-off", "line-chart"] as const;

/** The features page: eight cards, the 'Take control of your finances' block, the security band. */
export function FeaturesPage({ content, security, settings }: { content: PageContent; security: PageContent; settings: SiteSettings }) {
  const image = settings.feature_image?.trim();
  return (
    <>
      <PageHero badge={content.hero_badge} title={content.hero_title} subtitle={content.hero_subtitle} />
      <Section>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {cardIcons.map((icon, index) => (
            <li key={index} className="card card-lift">
              <span className="icon-tile">
                <Glyph name={icon} />
              </span>
              <h2 className="card-title">{content[`card_${index + 1}_title`]}</h2>
              <p className="card-text">{content[`card_${index + 1}_description`]}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section labelledBy="control-title" className="bg-slate-50" innerClassName="grid items-center gap-14 lg:grid-cols-2">
        <div>
          <h2 id="control-title" className="section-title">
            {content.control_title}
          </h2>
          <p className="section-subtitle">{content.control_description}</p>
          <ul className="check-list mt-8 grid gap-4 space-y-0 sm:grid-cols-2">
            {numbered(content, "control_point_", CONTROL_POINT_COUNT).map((point) => (
              <li key={point} className="card items-center p-4 font-medium text-slate-800">
                <Glyph name="check-circle-2" />
                {point}
              </li>
            ))}
          </ul>
          <CtaLink to={settings.signup_button_url} newTab size="lg" className="mt-10">
            {content.control_button}
            <Glyph name="arrow-right" />
          </CtaLink>
        </div>
        {image ? (
          <SiteImage
            src={image}
            alt={content.control_title ?? ""}
            sizes="(min-width: 1024px) 600px, 100vw"
            className="h-auto w-full rounded-3xl shadow-xl"
          />
        ) : (
          <div aria-hidden="true" className="hero-surface rounded-3xl p-8 sm:p-12">
            <CardArt name={settings.site_logo ?? ""} className="mx-auto max-w-sm rotate-[-3deg]" />
          </div>
        )}
      </Section>
      <SecurityBand content={security} />
    </>
  );
}
