import { Glyph } from "~/components/site/glyph";
import type { GlyphName } from "~/components/site/glyph-names";
import type { PageContent } from "~/components/site/page-content";
import { PageHero, Section } from "~/components/site/section";
import { SiteLink } from "~/components/site/site-link";
import type { SiteSettings } from "~/components/site/use-site-settings";
import { ContactForm, type ContactActionData } from "./contact-form";
import { OfficeMap } from "./office-map";
import { usePublicTexts } from "~/components/site/use-public-texts";

function InfoRow({ icon, children }: { icon: GlyphName; children: React.ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand/10 text-brand">
        <Glyph name={icon} className="size-4" />
      </span>
      <span className="pt-1.5 text-sm break-words text-slate-700">{children}</span>
    </li>
  );
}

const linkClass = "rounded font-medium text-slate-900 hover:text-brand focus-visible:outline-2 focus-visible:outline-brand";

export function ContactPage({
  content,
  settings,
  actionData,
}: {
  content: PageContent;
  settings: SiteSettings;
  actionData?: ContactActionData;
}) {
  const texts = usePublicTexts();
  const phoneHref = `tel:${(settings.contact_phone ?? "").replace(/[^\d+]/g, "")}`;
  return (
    <>
      <PageHero badge={content.hero_badge} title={content.hero_title} subtitle={content.hero_subtitle} />
      <Section className="bg-slate-50" padding="afterHero" innerClassName="grid gap-8 lg:grid-cols-[1fr_1.5fr]">
        <div className="flex flex-col gap-6">
          <section aria-labelledby="company-title" className="rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-200">
            <h2 id="company-title" className="text-lg font-semibold text-slate-900">
              {content.company_title}
            </h2>
            <ul className="mt-5 space-y-4">
              <InfoRow icon="building-2">
                <span className="block font-semibold text-slate-900">{settings.company_name}</span>
                {settings.company_registration_number}
              </InfoRow>
              <InfoRow icon="mail">
                <SiteLink to={`mailto:${settings.contact_email}`} className={linkClass}>
                  {settings.contact_email}
                </SiteLink>
              </InfoRow>
              <InfoRow icon="map-pin">{settings.contact_address}</InfoRow>
              <InfoRow icon="phone">
                <SiteLink to={phoneHref} className={linkClass}>
                  {settings.contact_phone}
                </SiteLink>
              </InfoRow>
            </ul>
          </section>
          <section aria-labelledby="hours-title" className="rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-200">
            <h2 id="hours-title" className="text-lg font-semibold text-slate-900">
              {content.hours_title}
            </h2>
            <ul className="mt-5 space-y-4">
              <InfoRow icon="clock">{content.hours_weekdays}</InfoRow>
              <InfoRow icon="headphones">
                {content.hours_support}
                {settings.support_email ? (
                  <>
                    {" · "}
                    <SiteLink to={`mailto:${settings.support_email}`} className={linkClass}>
                      {settings.support_email}
                    </SiteLink>
                  </>
                ) : null}
              </InfoRow>
            </ul>
          </section>
        </div>
        <section aria-labelledby="form-title" className="rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-200 sm:p-10">
          <h2 id="form-title" className="text-2xl font-bold tracking-tight text-slate-900">
            {content.form_title}
          </h2>
          <p className="mt-2 mb-8 text-slate-600">{content.form_description}</p>
          <ContactForm content={content} actionData={actionData} />
        </section>
      </Section>
      <Section labelledBy="map-title" className="bg-slate-50" padding="noTop">
        <h2 id="map-title" className="mb-6 flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900">
          <Glyph name="map-pin" className="size-6 text-brand" />
          {content.map_title}
        </h2>
        <OfficeMap
          address={settings.contact_address ?? ""}
          title={`${content.map_title ?? ""}: ${settings.contact_address ?? ""}`}
          showLabel={texts?.showMap}
        />
      </Section>
    </>
  );
}
