import { Glyph } from "~/components/site/glyph";
import { CtaLink } from "~/components/site/cta-link";
import type { PageContent } from "~/components/site/page-content";
import { PageHero, Section } from "~/components/site/section";
import { SiteLink } from "~/components/site/site-link";
import type { SiteSettings } from "~/components/site/use-site-settings";
import { FeesFaq } from "./fees-faq";
import { ComparisonTable, FeesNotices } from "./fees-sections";
import { PlanCard } from "./plan-card";
import { buildPlans } from "./plans";

/** The fees page: plans, notices, comparison, FAQ and the call to action. */
export function FeesPage({ content, settings }: { content: PageContent; settings: SiteSettings }) {
  return (
    <>
      <PageHero badge={content.page_badge} title={content.page_title} subtitle={content.page_subtitle} />
      <Section padding="afterHero">
        <div className="mx-auto grid max-w-5xl gap-8 md:grid-cols-2">
          {buildPlans(content).map((plan) => (
            <PlanCard key={plan.id} plan={plan} popularLabel={content.popular_badge ?? ""} signupUrl={settings.signup_button_url} />
          ))}
        </div>
        <FeesNotices content={content} />
      </Section>
      <ComparisonTable content={content} />
      <FeesFaq content={content} />
      <Section labelledBy="fees-cta-title" padding="noTop">
        <div className="hero-surface rounded-[2rem] px-6 py-14 text-center sm:px-12 sm:py-16">
          <h2 id="fees-cta-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            {content.cta_title}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-white/85">{content.cta_description}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <CtaLink to={settings.signup_button_url} newTab variant="light" size="lg" data-goal="signup">
              {content.cta_button_primary}
              <Glyph name="arrow-up-right" />
            </CtaLink>
            <CtaLink to="/contact" variant="ghostLight" size="lg">
              {content.cta_button_secondary}
              <Glyph name="arrow-right" />
            </CtaLink>
          </div>
          <SiteLink
            to={settings.login_button_url}
            newTab
            data-goal="login"
            className="mt-6 inline-block rounded text-sm font-medium text-white/85 underline underline-offset-4 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
          >
            {content.cta_login_text}
          </SiteLink>
        </div>
      </Section>
    </>
  );
}
