/** One gift-card brand of the landing page's fixed list (SPEC §2, §9: eight brands). */
export interface GiftCardBrand {
  name: string;
  /** Tried first. */
  logo: string;
  /** Tried when the logo fails to load. */
  fallbackLogo: string;
  /** Background of the tile, and of the name tile shown when both images fail. */
  colour: string;
  /** Text on that background (WCAG AA, checked by the unit test). */
  textColour: string;
}

// NOTE: the logos are the product's own wordmark tiles served from public/gift-cards, so the
// landing page makes no third-party request; the PNG copies are the fallback.
const brand = (name: string, slug: string, colour: string, textColour = "#ffffff"): GiftCardBrand => ({
  name,
  logo: `/gift-cards/${slug}.svg`,
  fallbackLogo: `/gift-cards/${slug}.png`,
  colour,
  textColour,
});

export const giftCardBrands: GiftCardBrand[] = [
  brand("Amazon", "amazon", "#232f3e"),
  brand("Apple", "apple", "#111111"),
  brand("Google Play", "google-play", "#01875f"),
  brand("Netflix", "netflix", "#b20710"),
  brand("Spotify", "spotify", "#14833b"),
  brand("Steam", "steam", "#171a21"),
  brand("PlayStation", "playstation", "#003791"),
  brand("Xbox", "xbox", "#107c10"),
];
