import { ANALYTICS_KEEP_MONTHS_DEFAULT, ANALYTICS_RAW_DAYS_DEFAULT, CONTACT_KEEP_DAYS_DEFAULT } from "~/platform/retention";
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
  "<h3>Visit statistics</h3>" +
  "<p>We count visits ourselves, on our own server, without cookies and without any other company's service. " +
  "For each page you view we record the page, the time, the address of the site that sent you (its domain only), the campaign parameters of the link you followed (utm_source, utm_medium, utm_campaign, utm_content, utm_term, or the ad network named by gclid, yclid or fbclid), " +
  "a coarse screen class (mobile, tablet, laptop or desktop), your browser and operating system by name, your browser's first language and, where our network provider tells us, your country. " +
  "We also count when you send the contact form or click the buttons to register, to sign in or for gift cards. " +
  "To tell visits apart we keep a one-way hash of a random value that changes every day, your network address and your browser's identification; the random value is deleted after 48 hours, so the hash can never be linked back to you or to another day. " +
  "Your network address itself is not stored, and nothing is written to your browser. " +
  `Individual records are deleted after ${ANALYTICS_RAW_DAYS_DEFAULT} days; daily totals are kept for ${ANALYTICS_KEEP_MONTHS_DEFAULT} months. ` +
  "Nothing is counted after you choose Decline in the cookie banner, or when your browser sends Global Privacy Control.</p>" +
  "<h3>Cookies and the office map</h3>" +
  "<p>The contact page sets one strictly necessary cookie that helps us tell people from automated spam. " +
  "The map of our office is provided by Google and loads only after you accept cookies or choose to show the map.</p>";

export const legalPlaceholder = (page: LegalPageName) =>
  `<h2>${legalPageTitles[page]}</h2><p>This page has not been written yet. An administrator can add its text in the admin dashboard under Legal pages.</p>${page === "privacy" ? privacyFacts : ""}`;

export const legalKeys = (page: LegalPageName): ContentKey[] => [key(LEGAL_SECTION, legalPlaceholder(page), "rich_text")];
