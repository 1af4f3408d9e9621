import { Glyph } from "~/components/site/glyph";
import { giftCardBrands, type GiftCardBrand } from "~/features/content/catalogue/gift-cards";
import { CtaLink } from "~/components/site/cta-link";
import type { PageContent } from "~/components/site/page-content";
import { Section, SectionHeading } from "~/components/site/section";
import { useImageFallback } from "~/components/site/use-image-fallback";
import type { SiteSettings } from "~/components/site/use-site-settings";

/** A brand's tile: its logo, else its fallback logo, else its name on its colour. */
function GiftCardTile({ brand }: { brand: GiftCardBrand }) {
  const { src, ref, onError } = useImageFallback([brand.logo, brand.fallbackLogo]);
  return (
    <li data-gift-card={brand.name} className="gift-card" style={{ backgroundColor: brand.colour, color: brand.textColour }}>
      {src ? (
        <img ref={ref} src={src} onError={onError} alt={brand.name} width={brand.logoWidth} height="56" loading="lazy" decoding="async" />
      ) : (
        brand.name
      )}
    </li>
  );
}

export function GiftCardsSection({ content, settings }: { content: PageContent; settings: SiteSettings }) {
  return (
    <Section labelledBy="gift-cards-title" className="bg-slate-50">
      <SectionHeading id="gift-cards-title" title={content.gift_cards_title} subtitle={content.gift_cards_subtitle} />
      <ul aria-label="Gift card brands" className="mt-14 grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-4">
        {giftCardBrands.map((brand) => (
          <GiftCardTile key={brand.name} brand={brand} />
        ))}
      </ul>
      <div className="mt-12 text-center">
        <CtaLink to={settings.gift_cards_button_url} newTab size="lg" data-goal="gift_cards">
          {settings.gift_cards_button_text}
          <Glyph name="external-link" />
        </CtaLink>
      </div>
    </Section>
  );
}
