import { Glyph } from "~/components/site/glyph";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { MenuLink } from "./menu-link";
import { MENU_TOGGLE_ATTRIBUTE } from "./mobile-menu-script";
import { SiteLink } from "./site-link";
import type { SiteSettings } from "./use-site-settings";
import { usePublicTexts } from "./use-public-texts";

/** The header menu on narrow screens: a toggle button and a panel under the header. */
export function MobileMenu({ settings, menu }: { settings: SiteSettings; menu: MenuLink[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const location = useLocation();
  const toggle = useRef<HTMLButtonElement>(null);
  const texts = usePublicTexts();

  // Following a link closes the menu.
  useEffect(() => setOpen(false), [location.pathname]);

  // Opened before hydration (MOBILE_MENU_SCRIPT): the menu stays open.
  useEffect(() => {
    if (toggle.current?.getAttribute("aria-expanded") === "true") setOpen(true);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="md:hidden">
      <button
        ref={toggle}
        type="button"
        {...{ [MENU_TOGGLE_ATTRIBUTE]: "" }}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? "Close menu" : "Open menu"}
        onClick={() => setOpen((value) => !value)}
        className="focus-ring grid size-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100"
      >
        {open ? <Glyph name="x" className="size-6" /> : <Glyph name="menu" className="size-6" />}
      </button>
      <div
        id={panelId}
        hidden={!open}
        // A link to the page already shown changes no location: close the menu on any link.
        onClick={(event) => (event.target as HTMLElement).closest("a") && setOpen(false)}
        className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white px-4 pt-2 pb-6 shadow-lg"
      >
        <nav aria-label={texts?.mobileNav ?? "Mobile"}>
          <ul>
            {menu.map((item) => (
              <li key={item.id}>
                <SiteLink to={item.url} nav className="nav-link block py-3 text-base">
                  {item.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-4 grid grid-cols-2 gap-3 border-t border-slate-100 pt-4">
          <SiteLink to={settings.login_button_url} className="cta cta-outline" data-goal="login">
            {settings.login_button_text}
          </SiteLink>
          <SiteLink to={settings.signup_button_url} className="cta cta-primary" data-goal="signup">
            {settings.signup_button_text}
          </SiteLink>
        </div>
      </div>
    </div>
  );
}
