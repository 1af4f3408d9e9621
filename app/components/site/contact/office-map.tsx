import { useEffect, useState } from "react";
import { Glyph } from "~/components/site/glyph";
import { COOKIE_CONSENT_EVENT, readCookieConsent, type CookieConsent } from "~/components/site/cookie-consent";
import { SiteLink } from "~/components/site/site-link";

const frameClass = "h-80 w-full rounded-3xl border-0 bg-slate-100 shadow-sm ring-1 ring-slate-200 sm:h-96";

export const mapEmbedUrl = (address: string) => `https://maps.google.com/maps?q=${encodeURIComponent(address)}&output=embed`;
export const mapLinkUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/**
 * The office map. Google's embed sets cookies of its own, so it loads only once the visitor
 * accepted cookies or asked for this one map; until then (and always without JavaScript) a
 * placeholder shows the address with a link to open it in Google Maps, and nothing is sent
 * to Google. The server renders the placeholder: the cached page is the same for everyone.
 */
export function OfficeMap({ address, title, showLabel = "Show map" }: { address: string; title: string; showLabel?: string }) {
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (readCookieConsent() === "accepted") setShown(true);
    const onChoice = (event: Event) => {
      if ((event as CustomEvent<CookieConsent>).detail === "accepted") setShown(true);
    };
    window.addEventListener(COOKIE_CONSENT_EVENT, onChoice);
    return () => window.removeEventListener(COOKIE_CONSENT_EVENT, onChoice);
  }, []);

  if (shown) {
    return (
      <iframe title={title} src={mapEmbedUrl(address)} loading="lazy" referrerPolicy="no-referrer-when-downgrade" className={frameClass} />
    );
  }
  return (
    <div data-map-placeholder="" className={`${frameClass} flex flex-col items-center justify-center gap-4 p-6 text-center`}>
      <Glyph name="map-pin" className="size-8 text-brand" />
      <SiteLink
        to={mapLinkUrl(address)}
        className="max-w-md rounded font-medium text-slate-900 underline-offset-4 hover:text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand"
      >
        {address}
      </SiteLink>
      <button type="button" onClick={() => setShown(true)} className="cta cta-outline">
        {showLabel}
      </button>
    </div>
  );
}
