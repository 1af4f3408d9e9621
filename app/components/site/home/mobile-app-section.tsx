import { Glyph } from "~/components/site/glyph";
import { CardArt } from "~/components/site/illustrations";
import type { PageContent } from "~/components/site/page-content";
import { Section } from "~/components/site/section";

/** 'Mobile app coming soon': the store badges are shown but are not links until the apps exist. */
export function MobileAppSection({ content, siteName }: { content: PageContent; siteName: string }) {
  return (
    <Section labelledBy="mobile-app-title">
      <div className="hero-surface on-dark grid items-center gap-12 rounded-[2rem] px-6 py-14 sm:px-12 sm:py-16 lg:grid-cols-[1.2fr_1fr] lg:px-16">
        <div>
          <p className="pill-on-dark font-semibold">
            <Glyph name="bell" className="size-4" />
            {content.mobile_app_badge}
          </p>
          <h2 id="mobile-app-title" className="section-title mt-5">
            {content.mobile_app_title}
          </h2>
          <p className="section-subtitle max-w-lg">{content.mobile_app_subtitle}</p>
          <ul className="mt-8 flex flex-wrap gap-3">
            {[content.mobile_app_store_1, content.mobile_app_store_2].map((store) => (
              <li key={store} aria-disabled="true" className="store-badge">
                <Glyph name="smartphone" className="size-6" />
                <span>
                  <small>{content.mobile_app_badge}</small>
                  {store}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div aria-hidden="true" className="phone-art">
          <CardArt name={siteName} compact />
          <span />
          <span />
          <span />
        </div>
      </div>
    </Section>
  );
}
