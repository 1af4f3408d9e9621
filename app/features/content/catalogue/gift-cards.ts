/** One gift-card brand of the landing page's fixed list of eight brands. */
export interface GiftCardBrand {
  name: string;
  /** Tried first. */
  logo: string;
  /** Tried when the logo fails to load. */
  fallbackLogo: string;
  /** Width of the wordmark at its 56px height (scripts/gift-card-logos.js). */
  logoWidth: number;
  /** Background of the tile, and of the name tile shown when both images fail. */
  colour: string;
  /** Text on that background (WCAG AA, checked by the unit test). */
  textColour: string;
}

// NOTE: the logos are the product's own wordmark tiles served from public/gift-cards, so the
// landing page makes no third-party request; the PNG copies are the fallback.
const brand = (name: string, slug: string, logoWidth: number, colour: string, textColour = "#ffffff"): GiftCardBrand => ({
  name,
  logo: `/gift-cards/${slug}.svg`,
  fallbackLogo: `/gift-cards/${slug}.png`,
  logoWidth,
  colour,
  textColour,
});

export const giftCardBrands: GiftCardBrand[] = [
  brand("Amazon", "amazon", 164, "#232f3e"),
  brand("Apple", "apple", 135, "#111111"),
  brand("Google Play", "google-play", 213, "#01875f"),
  brand("Netflix", "netflix", 142, "#b20710"),
  brand("Spotify", "spotify", 151, "#14833b"),
  brand("Steam", "steam", 141, "#171a21"),
  brand("PlayStation", "playstation", 204, "#003791"),
  brand("Xbox", "xbox", 126, "#107c10"),
];
