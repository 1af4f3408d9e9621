import { Glyph } from "~/components/site/glyph";
import { CtaLink } from "~/components/site/cta-link";
import { WalletIllustration } from "~/components/site/illustrations";
import type { PageContent } from "~/components/site/page-content";
import { SiteImage } from "~/components/site/site-image";
import type { SiteSettings } from "~/components/site/use-site-settings";

const heroPoints = ["hero_point_1", "hero_point_2", "hero_point_3"];

export function HomeHero({ content, settings }: { content: PageContent; settings: SiteSettings }) {
  const background = settings.hero_background_image?.trim();
  return (
    <section aria-labelledby="hero-title" className="hero-surface hero-grid relative overflow-hidden">
      {background ? (
        // An uploaded background sits under a tint that keeps the white text legible.
        <div aria-hidden="true" className="absolute inset-0 z-[1] bg-slate-950/70">
          <SiteImage src={background} alt="" priority={!content.hero_image} className="size-full object-cover mix-blend-overlay" />
        </div>
      ) : null}
      <div className="container-site relative z-[2] grid items-center gap-14 pt-16 pb-20 sm:pt-24 sm:pb-28 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="pill-on-dark">
            <span className="size-2 rounded-full bg-emerald-400" />
            {content.hero_badge}
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-white sm:text-6xl lg:text-7xl">
            {content.hero_title}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-white/85 sm:text-xl">{content.hero_subtitle}</p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <CtaLink to={settings.hero_cta_primary_url} variant="light" size="lg" data-goal="signup">
              {settings.hero_cta_primary_text}
              <Glyph name="arrow-right" />
            </CtaLink>
            <CtaLink to={settings.hero_cta_secondary_url} variant="ghostLight" size="lg">
              {settings.hero_cta_secondary_text}
            </CtaLink>
          </div>
          <ul className="mt-9 flex flex-col gap-3 text-sm text-white/85 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {heroPoints.map((key) => (
              <li key={key} className="flex items-center gap-2">
                <Glyph name="check-circle-2" className="size-4 text-emerald-300" />
                {content[key]}
              </li>
            ))}
          </ul>
        </div>
        {content.hero_image ? (
          // The image the landing page leads with: fetched first, never lazily.
          <SiteImage
            src={content.hero_image}
            alt={content.hero_image_alt ?? ""}
            priority
            sizes="(min-width: 1024px) 512px, 100vw"
            className="mx-auto h-auto w-full max-w-lg rounded-3xl shadow-2xl"
          />
        ) : (
          <WalletIllustration name={settings.site_logo ?? ""} />
        )}
      </div>
    </section>
  );
}
