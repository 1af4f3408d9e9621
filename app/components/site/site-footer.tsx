import { Glyph } from "~/components/site/glyph";
import type { ReactNode } from "react";
import type { MenuLink } from "./menu-link";
import { PaymentLogos } from "./payment-logos";
import { SiteLink } from "./site-link";
import { SiteLogo } from "./site-logo";
import { SocialLinks } from "./social-links";
import type { SiteSettings } from "./use-site-settings";
import { usePublicTexts } from "./use-public-texts";

function LinkColumn({ title, label, links }: { title: string; label: string; links: { url: string; label: string }[] }) {
  return (
    <div>
      <h2 className="footer-heading" suppressHydrationWarning>
        {title}
      </h2>
      <nav aria-label={label} className="mt-4">
        <ul className="flex flex-col gap-3">
          {links.map((link) => (
            <li key={`${link.url} ${link.label}`}>
              <SiteLink to={link.url} className="footer-link">
                {link.label}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

function ContactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2.5 [&>.glyph]:mt-0.5 [&>.glyph]:size-4">
      {icon}
      {children}
    </p>
  );
}

/** The footer: logo, description, social links, menu (already capped), legal links, company details. */
export function SiteFooter({
  settings,
  menu,
  legalLinks,
}: {
  settings: SiteSettings;
  menu: MenuLink[];
  legalLinks: { url: string; label: string }[];
}) {
  const phone = settings.contact_phone;
  const texts = usePublicTexts();
  return (
    <footer className="bg-brand-secondary text-sm text-brand-secondary-foreground/80">
      <div className="container-site grid gap-10 py-14 md:grid-cols-2 lg:grid-cols-[1.5fr_1fr_1fr_1.3fr]">
        <div className="flex flex-col gap-5">
          <SiteLink to="/" aria-label={`${settings.site_logo ?? ""} home`.trim()} className="footer-link w-fit">
            <SiteLogo settings={settings} placement="footer" />
          </SiteLink>
          <p className="max-w-sm leading-relaxed">{settings.footer_description}</p>
          <SocialLinks settings={settings} />
        </div>
        <LinkColumn title={texts?.explore ?? (import.meta.env.SSR ? "Explore" : "")} label={texts?.footerNav ?? "Footer"} links={menu} />
        <LinkColumn title={texts?.legal ?? (import.meta.env.SSR ? "Legal" : "")} label={texts?.legal ?? "Legal"} links={legalLinks} />
        <div>
          <h2 className="footer-heading" suppressHydrationWarning>
            {texts?.contact ?? (import.meta.env.SSR ? "Contact" : "")}
          </h2>
          <address className="mt-4 flex flex-col gap-3 not-italic">
            <p className="font-semibold text-brand-secondary-foreground">{settings.company_name}</p>
            {settings.company_registration_number ? <p>{settings.company_registration_number}</p> : null}
            {settings.contact_address ? <ContactLine icon={<Glyph name="map-pin" />}>{settings.contact_address}</ContactLine> : null}
            {settings.contact_email ? (
              <ContactLine icon={<Glyph name="mail" />}>
                <SiteLink to={`mailto:${settings.contact_email}`} className="footer-link">
                  {settings.contact_email}
                </SiteLink>
              </ContactLine>
            ) : null}
            {phone ? (
              <ContactLine icon={<Glyph name="phone" />}>
                <SiteLink to={`tel:${phone.replace(/[^\d+]/g, "")}`} className="footer-link">
                  {phone}
                </SiteLink>
              </ContactLine>
            ) : null}
          </address>
        </div>
      </div>
      <div className="border-t border-brand-secondary-foreground/10">
        <div className="container-site flex flex-col-reverse items-start gap-4 py-6 md:flex-row md:items-center md:justify-between">
          <p className="text-xs text-brand-secondary-foreground/65">{settings.footer_copyright}</p>
          <PaymentLogos settings={settings} />
        </div>
      </div>
    </footer>
  );
}
