import type { MenuLink } from "./menu-link";
import { MobileMenu } from "./mobile-menu";
import { SiteLink } from "./site-link";
import { SiteLogo } from "./site-logo";
import type { SiteSettings } from "./use-site-settings";
import { usePublicTexts } from "./use-public-texts";

export type { MenuLink } from "./menu-link";

export function SiteHeader({ settings, menu }: { settings: SiteSettings; menu: MenuLink[] }) {
  const texts = usePublicTexts();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur-md">
      <div className="container-site flex h-16 items-center justify-between gap-4">
        <SiteLink to="/" aria-label={`${settings.site_logo ?? ""} home`.trim()} className="focus-ring shrink-0 rounded-lg">
          <SiteLogo settings={settings} placement="header" />
        </SiteLink>
        <nav aria-label={texts?.mainNav ?? "Main"} className="hidden items-center gap-1 md:flex">
          {menu.map((item) => (
            <SiteLink key={item.id} to={item.url} nav className="nav-link">
              {item.label}
            </SiteLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <SiteLink to={settings.login_button_url} className="nav-link" data-goal="login">
            {settings.login_button_text}
          </SiteLink>
          <SiteLink to={settings.signup_button_url} className="cta cta-primary py-2 shadow-sm" data-goal="signup">
            {settings.signup_button_text}
          </SiteLink>
        </div>
        <MobileMenu settings={settings} menu={menu} />
      </div>
    </header>
  );
}
