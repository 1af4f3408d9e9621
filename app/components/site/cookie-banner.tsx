import { Glyph } from "~/components/site/glyph";
import { useEffect, useState } from "react";
import { COOKIE_CHOICE_ATTRIBUTE, readCookieConsent, storeCookieConsent, type CookieConsent } from "./cookie-consent";
import { SiteLink } from "./site-link";
import { usePublicTexts } from "./use-public-texts";

/**
 * The cookie banner: shown while no choice is stored. Accept All and Decline store
 * the choice; the close icon only hides it for this page, so it comes back on the next load.
 */
export function CookieBanner() {
  const [visible, setVisible] = useState(true);
  const texts = usePublicTexts();

  useEffect(() => {
    if (readCookieConsent()) setVisible(false);
  }, []);

  if (!visible) return null;

  const choose = (value: CookieConsent) => {
    storeCookieConsent(value);
    setVisible(false);
  };

  return (
    <section data-cookie-banner="" aria-labelledby="cookie-banner-title" className="cookie-banner">
      <button
        type="button"
        aria-label={texts?.close ?? "Close"}
        {...{ [COOKIE_CHOICE_ATTRIBUTE]: "close" }}
        onClick={() => setVisible(false)}
        className="focus-ring cookie-close"
      >
        <Glyph name="x" className="size-4" />
      </button>
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:gap-6">
        <span className="icon-tile max-sm:hidden">
          <Glyph name="cookie" />
        </span>
        <div className="flex-1 pr-6 md:pr-0">
          {/* English is written by the server alone (the browser keeps it: no bytes in the bundle); another locale's table is in both. */}
          <h2 id="cookie-banner-title" suppressHydrationWarning>
            {texts?.cookieTitle ?? (import.meta.env.SSR ? "We use cookies" : "")}
          </h2>
          <p suppressHydrationWarning>
            {`${texts?.cookieText ?? (import.meta.env.SSR ? 'We use cookies to enhance your browsing experience, serve personalized content, and analyze our traffic. By clicking "Accept All", you consent to our use of cookies.' : "")} `}
            <SiteLink to="/privacy" suppressHydrationWarning>
              {texts?.privacyPolicy ?? (import.meta.env.SSR ? "Privacy Policy" : "")}
            </SiteLink>
          </p>
        </div>
        <div className="flex shrink-0 gap-3 md:mr-6">
          <button
            type="button"
            {...{ [COOKIE_CHOICE_ATTRIBUTE]: "declined" }}
            onClick={() => choose("declined")}
            className="cta cta-outline flex-1 md:flex-none"
            suppressHydrationWarning
          >
            {texts?.decline ?? (import.meta.env.SSR ? "Decline" : "")}
          </button>
          <button
            type="button"
            {...{ [COOKIE_CHOICE_ATTRIBUTE]: "accepted" }}
            onClick={() => choose("accepted")}
            className="cta cta-primary flex-1 shadow-none md:flex-none"
            suppressHydrationWarning
          >
            {texts?.acceptAll ?? (import.meta.env.SSR ? "Accept All" : "")}
          </button>
        </div>
      </div>
    </section>
  );
}
