import { CONTACT_KEEP_DAYS_DEFAULT } from "~/platform/retention";
import { key, type ContentKey, type LegalPageName } from "./types";

export const LEGAL_SECTION = "page_content";

export const legalPageTitles: Record<LegalPageName, string> = {
  terms: "Terms of Service",
  privacy: "Privacy Policy",
  "aml-kyc": "AML/KYC Policy",
};

/**
 * What the site itself keeps about visitors, stated on the default privacy page so that it is
 * true from the first start; an administrator who writes the policy should keep it in.
 */
const privacyFacts =
  "<h3>Messages sent through the contact form</h3>" +
  "<p>When you send us a message, we keep your name, e-mail address, the subject, your message, the time it was sent and the page language, so that we can answer you. " +
  `Messages are deleted automatically ${CONTACT_KEEP_DAYS_DEFAULT} days after they were sent, or earlier when we delete them. ` +
  "Your network address is not stored: only a salted one-way hash of it is kept with the message, to limit abuse of the form.</p>" +
  "<h3>Cookies and the office map</h3>" +
  "<p>The contact page sets one strictly necessary cookie that helps us tell people from automated spam. " +
  "The map of our office is provided by Google and loads only after you accept cookies or choose to show the map.</p>";

export const legalPlaceholder = (page: LegalPageName) =>
  `<h2>${legalPageTitles[page]}</h2><p>This page has not been written yet. An administrator can add its text in the admin dashboard under Legal pages.</p>${page === "privacy" ? privacyFacts : ""}`;

export const legalKeys = (page: LegalPageName): ContentKey[] => [key(LEGAL_SECTION, legalPlaceholder(page), "rich_text")];
