import { Glyph } from "~/components/site/glyph";
import { ShieldIllustration } from "~/components/site/illustrations";
import { numbered, type PageContent } from "~/components/site/page-content";
import { Section, SectionHeading } from "~/components/site/section";
import { SiteLink } from "~/components/site/site-link";
import { SiteImage } from "~/components/site/site-image";
import type { SiteSettings } from "~/components/site/use-site-settings";

const featureIcons = ["wallet", "credit-card", "arrow-left-right", "gift"] as const;

export function FeaturesSection({ content }: { content: PageContent }) {
  return (
    <Section labelledBy="features-title">
      <SectionHeading id="features-title" title={content.features_title} subtitle={content.features_subtitle} />
      <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {featureIcons.map((icon, index) => (
          <li key={index} className="card card-lift">
            <span className="icon-tile">
              <Glyph name={icon} />
            </span>
            <h3 className="card-title">{content[`feature_${index + 1}_title`]}</h3>
            <p className="card-text">{content[`feature_${index + 1}_description`]}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function SecuritySection({ content, settings }: { content: PageContent; settings: SiteSettings }) {
  const image = settings.about_image?.trim();
  return (
    <Section labelledBy="security-title" className="bg-slate-50" innerClassName="grid items-center gap-14 lg:grid-cols-2">
      <div>
        <SectionHeading id="security-title" align="left" title={content.security_title} subtitle={content.security_subtitle} />
        <ul className="check-list mt-8">
          {numbered(content, "security_point_", 3).map((point) => (
            <li key={point}>
              <Glyph name="shield-check" />
              {point}
            </li>
          ))}
        </ul>
        <SiteLink
          to="/aml-kyc"
          className="focus-ring mt-8 inline-flex items-center gap-1.5 rounded font-semibold text-brand hover:underline"
        >
          {content.security_link}
          <Glyph name="arrow-right" className="size-4" />
        </SiteLink>
      </div>
      {image ? (
        <SiteImage
          src={image}
          alt={content.security_title ?? ""}
          sizes="(min-width: 1024px) 600px, 100vw"
          className="h-auto w-full rounded-3xl shadow-xl"
        />
      ) : (
        <ShieldIllustration />
      )}
    </Section>
  );
}

const functionalityIcons = ["bell-ring", "users", "pie-chart", "coins"] as const;

export function FunctionalitySection({ content }: { content: PageContent }) {
  return (
    <Section labelledBy="functionality-title">
      <SectionHeading id="functionality-title" title={content.functionality_title} subtitle={content.functionality_subtitle} />
      <ul className="mt-14 grid gap-x-10 gap-y-12 sm:grid-cols-2">
        {functionalityIcons.map((icon, index) => (
          <li key={index} className="flex gap-5">
            <span className="icon-tile-solid">
              <Glyph name={icon} />
            </span>
            <div>
              <h3 className="text-lg font-semibold text-slate-900">{content[`functionality_${index + 1}_title`]}</h3>
              <p className="card-text mt-1.5 text-base">{content[`functionality_${index + 1}_description`]}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
