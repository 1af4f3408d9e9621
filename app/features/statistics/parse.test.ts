import { isbot } from "isbot";
import { describe, expect, it } from "vitest";
import { browserOf, campaignOf, countryOf, deviceOf, languageOf, referrerHost, sourceOf, systemOf } from "./parse";

const params = (query: string) => new URLSearchParams(query);

describe("campaign parameters", () => {
  it("reads the five UTM parameters, the source and medium in lower case", () => {
    expect(
      campaignOf(params("utm_source=Newsletter&utm_medium=Email&utm_campaign=Black%20Friday&utm_content=top&utm_term=wallet")),
    ).toEqual({
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "Black Friday",
      utmContent: "top",
      utmTerm: "wallet",
      clickSource: "",
    });
  });

  it("names the ad network of a click identifier", () => {
    expect(campaignOf(params("gclid=abc")).clickSource).toBe("Google Ads");
    expect(campaignOf(params("yclid=1")).clickSource).toBe("Yandex Direct");
    expect(campaignOf(params("fbclid=x")).clickSource).toBe("Facebook Ads");
  });

  it("clips long values", () => {
    expect(campaignOf(params(`utm_campaign=${"c".repeat(500)}`)).utmCampaign).toHaveLength(200);
  });
});

describe("referrers and sources", () => {
  it("keeps another site's host without www, and none for this site or a non-web address", () => {
    expect(referrerHost("https://www.google.com/search?q=wallet", "example.com")).toBe("google.com");
    expect(referrerHost("https://example.com/fees", "example.com")).toBe("");
    expect(referrerHost("https://www.example.com/fees", "example.com")).toBe("");
    expect(referrerHost("android-app://com.google.android.gm", "example.com")).toBe("");
    expect(referrerHost("not a url", "example.com")).toBe("");
    expect(referrerHost("", "example.com")).toBe("");
  });

  it("prefers utm_source, then the click identifier, then the referrer by name, then Direct", () => {
    const none = campaignOf(params(""));
    expect(sourceOf(campaignOf(params("utm_source=newsletter&gclid=1")), "google.com")).toBe("newsletter");
    expect(sourceOf(campaignOf(params("gclid=1")), "google.com")).toBe("Google Ads");
    expect(sourceOf(none, "google.de")).toBe("Google");
    expect(sourceOf(none, "yandex.ru")).toBe("Yandex");
    expect(sourceOf(none, "t.co")).toBe("X");
    expect(sourceOf(none, "blog.example.org")).toBe("blog.example.org");
    expect(sourceOf(none, "")).toBe("Direct");
  });

  it("gives a known network one name whatever its spelling, from a UTM value or a referrer", () => {
    const none = campaignOf(params(""));
    const utm = (value: string) => sourceOf(campaignOf(params(`utm_source=${encodeURIComponent(value)}`)), "");
    for (const spelling of ["google", "Google", "GOOGLE", "google.com", "www.google.com", " google "]) expect(utm(spelling)).toBe("Google");
    expect(sourceOf(none, "google.com")).toBe("Google");
    expect(utm("twitter")).toBe("X");
    expect(sourceOf(none, "t.co")).toBe("X");
    expect(utm("ya")).toBe("Yandex");
    expect(utm("vk.com")).toBe("VK");
    expect(utm("Newsletter")).toBe("newsletter");
    expect(utm("news.example")).toBe(sourceOf(none, "news.example"));
  });
});

describe("devices, browsers, languages and countries", () => {
  const chromeOnWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
  const safariOnIphone =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
  const yandexOnAndroid =
    "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 YaBrowser/24.10 Mobile Safari/537.36";

  it("classes the window's width, never more precisely", () => {
    expect([deviceOf(0), deviceOf(390), deviceOf(800), deviceOf(1280), deviceOf(1920)]).toEqual([
      "",
      "Mobile",
      "Tablet",
      "Laptop",
      "Desktop",
    ]);
  });

  it("names the browser and system", () => {
    expect([browserOf(chromeOnWindows), systemOf(chromeOnWindows)]).toEqual(["Chrome", "Windows"]);
    expect([browserOf(safariOnIphone), systemOf(safariOnIphone)]).toEqual(["Safari", "iOS"]);
    expect([browserOf(yandexOnAndroid), systemOf(yandexOnAndroid)]).toEqual(["Yandex Browser", "Android"]);
  });

  it("takes the first language's primary tag and a two-letter country", () => {
    expect(languageOf("ru-RU,ru;q=0.9,en;q=0.8")).toBe("ru");
    expect(languageOf("*")).toBe("");
    expect(countryOf("de")).toBe("DE");
    expect(countryOf("XX")).toBe("");
    expect(countryOf("T1")).toBe("");
    expect(countryOf("Germany")).toBe("");
  });
});

describe("bots", () => {
  it("isbot tells crawlers and headless browsers from people", () => {
    expect(isbot("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(true);
    expect(isbot("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36")).toBe(
      true,
    );
    expect(isbot("curl/8.5.0")).toBe(true);
    expect(isbot("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36")).toBe(
      false,
    );
  });
});
