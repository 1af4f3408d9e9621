import type { PageContent } from "~/components/site/page-content";
import type { SiteSettings } from "~/components/site/use-site-settings";
import { GiftCardsSection } from "./gift-cards-section";
import { HomeHero } from "./home-hero";
import { FeaturesSection, FunctionalitySection, SecuritySection } from "./home-sections";
import { MobileAppSection } from "./mobile-app-section";

/** The landing page (/ and /home): hero, features, security, functionality, gift cards, mobile app. */
export function HomePage({ content, settings }: { content: PageContent; settings: SiteSettings }) {
  return (
    <>
      <HomeHero content={content} settings={settings} />
      <FeaturesSection content={content} />
      <SecuritySection content={content} settings={settings} />
      <FunctionalitySection content={content} />
      <GiftCardsSection content={content} settings={settings} />
      <MobileAppSection content={content} siteName={settings.site_logo ?? ""} />
    </>
  );
}
