import { describe, expect, it } from "vitest";
import { CONSENT_DECLINED, CONSENT_STORAGE_KEY } from "~/features/statistics/tracker-contract";
import { COOKIE_CONSENT_KEY, type CookieConsent } from "./cookie-consent";

describe("the tracking script reads the cookie banner's choice", () => {
  it("under the banner's own storage key and value", () => {
    expect(CONSENT_STORAGE_KEY).toBe(COOKIE_CONSENT_KEY);
    const declined: CookieConsent = CONSENT_DECLINED;
    expect(declined).toBe("declined");
  });
});
