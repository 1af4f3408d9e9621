// Blocks that are the site's own sections, fed the block's fields in the shape they read.
import { FeesFaq } from "~/components/site/fees/fees-faq";
import { ComparisonTable } from "~/components/site/fees/fees-sections";
import { PlanCard } from "~/components/site/fees/plan-card";
import { buildPlans } from "~/components/site/fees/plans";
import { GiftCardsSection } from "~/components/site/home/gift-cards-section";
import { HomeHero } from "~/components/site/home/home-hero";
import { FeaturesSection } from "~/components/site/home/home-sections";
import { MobileAppSection } from "~/components/site/home/mobile-app-section";
import { Section, SectionHeading } from "~/components/site/section";
import type { BlockProps } from "./block-props";

export function HeroBlock({ data, settings }: BlockProps<"hero">) {
  const content = {
    hero_badge: data.badge,
    hero_title: data.title,
    hero_subtitle: data.subtitle,
    hero_point_1: data.point1,
    hero_point_2: data.point2,
    hero_point_3: data.point3,
    hero_image: data.image.src,
    hero_image_alt: data.image.decorative ? "" : data.image.alt,
  };
  const buttons = {
    ...settings,
    hero_cta_primary_text: data.primaryText,
    hero_cta_primary_url: data.primaryUrl,
    hero_cta_secondary_text: data.secondaryText,
    hero_cta_secondary_url: data.secondaryUrl,
  };
  return <HomeHero content={content} settings={buttons} />;
}

export function FeaturesBlock({ data }: BlockProps<"features">) {
  const content: Record<string, string> = { features_title: data.title, features_subtitle: data.subtitle };
  data.items.forEach((item, index) => {
    content[`feature_${index + 1}_title`] = item.title;
    content[`feature_${index + 1}_description`] = item.description;
  });
  return <FeaturesSection content={content} />;
}

export function FaqBlock({ data }: BlockProps<"faq">) {
  const content: Record<string, string> = { faq_title: data.title };
  data.items.forEach((item, index) => {
    content[`faq_question_${index + 1}`] = item.question;
    content[`faq_answer_${index + 1}`] = item.answer;
  });
  return <FeesFaq content={content} />;
}

export function PlansBlock({ data, fees, settings, id }: BlockProps<"plans">) {
  const content = fees ?? {};
  return (
    <Section labelledBy={data.title ? `${id}-title` : undefined}>
      {data.title ? <SectionHeading id={`${id}-title`} title={data.title} /> : null}
      <div className={data.title ? "mx-auto mt-12 grid max-w-5xl gap-8 md:grid-cols-2" : "mx-auto grid max-w-5xl gap-8 md:grid-cols-2"}>
        {buildPlans(content).map((plan) => (
          <PlanCard key={plan.id} plan={plan} popularLabel={content.popular_badge ?? ""} signupUrl={settings.signup_button_url} />
        ))}
      </div>
    </Section>
  );
}

export function FeeComparisonBlock({ fees }: BlockProps<"fee_comparison">) {
  return <ComparisonTable content={fees ?? {}} />;
}

export function GiftCardsBlock({ data, settings }: BlockProps<"gift_cards">) {
  return <GiftCardsSection content={{ gift_cards_title: data.title, gift_cards_subtitle: data.subtitle }} settings={settings} />;
}

export function AppDownloadBlock({ data, settings }: BlockProps<"app_download">) {
  const content = {
    mobile_app_badge: data.badge,
    mobile_app_title: data.title,
    mobile_app_subtitle: data.subtitle,
    mobile_app_store_1: data.store1,
    mobile_app_store_2: data.store2,
  };
  return <MobileAppSection content={content} siteName={settings.site_logo ?? ""} />;
}
