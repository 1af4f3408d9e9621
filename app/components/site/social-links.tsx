import type { SocialGlyphName } from "./glyph-names";
import { SiteLink } from "./site-link";
import type { SiteSettings } from "./use-site-settings";

// The glyphs are masks in glyphs.css (.social-*), drawn in the text colour.
const networks: { setting: string; label: string; icon: SocialGlyphName }[] = [
  { setting: "facebook_url", label: "Facebook", icon: "social-facebook" },
  { setting: "twitter_url", label: "X (Twitter)", icon: "social-x" },
  { setting: "linkedin_url", label: "LinkedIn", icon: "social-linkedin" },
  { setting: "instagram_url", label: "Instagram", icon: "social-instagram" },
];

/** Links to the social networks that have an address in the settings. */
export function SocialLinks({ settings }: { settings: SiteSettings }) {
  const present = networks.filter((network) => settings[network.setting]?.trim());
  if (present.length === 0) return null;
  return (
    <ul className="flex gap-2">
      {present.map((network) => (
        <li key={network.setting}>
          <SiteLink
            to={settings[network.setting]}
            newTab
            aria-label={network.label}
            className="footer-link grid size-10 place-items-center rounded-full bg-brand-secondary-foreground/5 ring-1 ring-brand-secondary-foreground/15"
          >
            <span aria-hidden="true" className={`glyph size-[18px] ${network.icon}`} />
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}
