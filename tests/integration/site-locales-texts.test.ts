// The public templates' fixed texts per locale (issue 43): a table for every allowed locale, the
// browser given its page's locale alone (nothing more on an English page: a site of one locale
// sends what it did), the contact form's server errors, the legal pages' notice and titles and
// the footer's legal links in the page's language, and fee figures in the locale's notation.
import { describe, expect, it } from "vitest";
import { feeTextSections } from "~/features/content/locale-policy.server";
import { catalogue } from "~/features/content/catalogue/catalogue";
import { contentRecordKey } from "~/features/content/records.server";
import { localeCodes } from "~/features/locales/allow-list";
import type { PublicTexts } from "~/features/locales/public-texts";
import { browserTableOf, englishTexts, localeTexts, publicTextsOf } from "~/features/locales/public-texts.server";
import { requestLocaleOf } from "~/features/locales/routing.server";
import { writeRecords } from "~/features/records/write.server";
import { runInRequestLocale } from "~/platform/request-locale.server";
import { loader as rootLoader } from "~/root";
import { loader as layoutLoader } from "~/routes/_public";
import * as contactRoute from "~/routes/_public.contact";
import { loader as feesLoader } from "~/routes/_public.fees";
import { loader as termsLoader } from "~/routes/_public.terms";
import { callRoute } from "../support/admin-routes";
import { onEmbeddedDatabase, siteRequest, useTestApp } from "../support/test-database";
import { setSiteLocales, type SiteLocaleRow } from "../support/site-locales";

const admin = { id: "texts-admin", email: "admin@example.com", role: "administrator" };
const at = <T>(address: string, task: () => Promise<T>) => runInRequestLocale(requestLocaleOf(address), task);

/** Every text of a table, as [path, text] pairs. */
const textsOf = (table: PublicTexts): [string, string][] =>
  Object.entries(table).flatMap(([key, value]): [string, string][] =>
    typeof value === "string"
      ? [[key, value]]
      : Object.entries(value as Record<string, string>).map(([inner, text]): [string, string] => [`${key}.${inner}`, text]),
  );

describe("the fixed texts' tables", () => {
  it("give every allowed locale every text, its own, with the same placeholders; English is the specification's", () => {
    const english = textsOf(englishTexts);
    for (const code of localeCodes) {
      const texts = textsOf(publicTextsOf(code));
      expect(
        texts.map(([key]) => key),
        code,
      ).toEqual(english.map(([key]) => key));
      for (const [index, [key, text]] of texts.entries()) {
        expect(text.trim(), `${code} ${key}`).not.toBe("");
        const placeholders = (value: string) => [...value.matchAll(/\{\w+\}/g)].map((match) => match[0]);
        expect(placeholders(text), `${code} ${key}`).toEqual(placeholders(english[index]![1]));
      }
    }
    expect(Object.keys(localeTexts).length).toBe(localeCodes.length - 1);
    expect(englishTexts.cookieTitle).toBe("We use cookies");
    expect(englishTexts.notFoundTitle).toBe("Oops! Page not found");
    expect(englishTexts.contactSent).toBe("Your message has been sent successfully. We'll get back to you soon!");
    expect(englishTexts.contactFailed).toBe("There was an error sending your message. Please try again.");
  });

  it("are small: each locale's table under 3 KB as JSON, as the browser gets it (without the server's own texts)", () => {
    for (const code of localeCodes) {
      expect(Buffer.byteLength(JSON.stringify(browserTableOf(code))), code).toBeLessThan(3 * 1024);
      expect(browserTableOf(code), code).not.toHaveProperty("effective");
      expect(publicTextsOf(code).effective.effectiveFrom, code).toContain("{date}");
    }
  });
});

describe.each(onEmbeddedDatabase)("the fixed texts on pages on %s", (kind) => {
  const app = useTestApp(kind);
  const db = () => app.handle.db;

  const setLocales = (list: SiteLocaleRow[]) => setSiteLocales(db(), list);

  it("with English alone, the root hands the browser no table: the same data as before locales", async () => {
    const root = await at("/", () => callRoute(rootLoader as never, siteRequest("/")));
    expect(Object.keys(root.body).sort()).toEqual(["brandCss", "images", "preview", "seo", "settings", "uploadsBase"]);
    const layout = await at("/", () => callRoute(layoutLoader as never, siteRequest("/")));
    expect(layout.body.legalLinks.map((link: { label: string }) => link.label)).toEqual([
      "Terms of Service",
      "Privacy Policy",
      "AML/KYC Policy",
    ]);
  });

  it("hands a German page German texts, and an English page of the same site none", async () => {
    await setLocales([{ code: "de", state: "public" }]);
    const german = await at("/de", () => callRoute(rootLoader as never, siteRequest("/de")));
    expect(german.body.texts.cookieTitle).toBe("Wir verwenden Cookies");
    expect(german.body.texts.contactErrors.name).toBe("Bitte geben Sie Ihren Namen ein");
    const english = await at("/", () => callRoute(rootLoader as never, siteRequest("/")));
    expect(english.body.texts).toBeUndefined();
    const layout = await at("/de/faq", () => callRoute(layoutLoader as never, siteRequest("/de/faq")));
    expect(layout.body.legalLinks).toEqual([
      { url: "/de/terms", label: "Allgemeine Geschäftsbedingungen" },
      { url: "/de/privacy", label: "Datenschutzerklärung" },
      { url: "/de/aml-kyc", label: "AML/KYC-Richtlinie" },
    ]);
  });

  it("answers the contact form's refused fields in the page's language", async () => {
    const post = (path: string) =>
      siteRequest(path, {
        method: "POST",
        body: new URLSearchParams({ name: "", email: "not-an-address", subject: "Something else", message: "" }),
      });
    const german = await at("/de/contact", () => callRoute(contactRoute.action as never, post("/de/contact")));
    expect(german.status).toBe(400);
    expect(german.body.errors).toEqual({
      name: "Bitte geben Sie Ihren Namen ein",
      email: "Bitte geben Sie eine gültige E-Mail-Adresse ein",
      subject: "Bitte wählen Sie einen Betreff",
      message: "Bitte geben Sie eine Nachricht ein",
    });
    const english = await at("/contact", () => callRoute(contactRoute.action as never, post("/contact")));
    expect(english.body.errors).toEqual({
      name: "Please enter your name",
      email: "Please enter a valid email address",
      subject: "Please choose a subject",
      message: "Please enter a message",
    });
  });

  it("says in the page's language that a legal page is in English, linking it under its English title", async () => {
    const terms = await at("/de/terms", () => callRoute(termsLoader as never, siteRequest("/de/terms")));
    expect(terms.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(terms.body.title).toBe("Allgemeine Geschäftsbedingungen");
    expect(terms.body.html).toBe(
      "<p>Das Dokument „Allgemeine Geschäftsbedingungen“ ist in dieser Sprache nicht verfügbar. Es ist auf Englisch verfügbar: " +
        '<a href="/terms" hreflang="en" lang="en">Terms of Service (English)</a>.</p>',
    );
    const fees = await at("/de/fees", () => callRoute(feesLoader as never, siteRequest("/de/fees")));
    expect(fees.body.notice).toMatch(/^<h1>Gebühren<\/h1><p>Das Dokument „Gebühren“ ist in dieser Sprache nicht verfügbar\./);
  });

  it("writes the fee figures of a German fees page as German does; English keeps its own", async () => {
    // Every fee text translated (here: the English defaults stored as German), so the page is shown.
    const defaults = new Map(catalogue.fees.map((entry) => [entry.section, entry.default]));
    await writeRecords(db(), {
      actor: admin,
      action: "update",
      plan: async () => ({
        result: true,
        changes: feeTextSections.map((section) => ({
          key: contentRecordKey("fees", section, "de"),
          after: {
            pageName: "fees",
            sectionName: section,
            contentType: "text" as const,
            contentValue: defaults.get(section)!,
            richContent: null,
            pageUrl: null,
          },
        })),
      }),
    });
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
    const german = await at("/de/fees", () => callRoute(feesLoader as never, siteRequest("/de/fees")));
    expect(german.body.notice).toBeUndefined();
    expect(plain(german.body.content.business_plan_price)).toBe("17,00 €");
    expect(plain(german.body.content.business_feature_1)).toBe("Account opening: 70,00 €");
    expect(plain(german.body.content.personal_feature_3)).toBe("Card replenishment: 2,5 %");
    expect(plain(german.body.content.business_feature_transfers)).toContain("1,50 € up to 1.000 €");
    const english = await at("/fees", () => callRoute(feesLoader as never, siteRequest("/fees")));
    expect(english.body.content.business_plan_price).toBe("€17.00");
    expect(english.body.content.business_feature_transfers).toContain("€1.50 up to €1,000");
  });
});
