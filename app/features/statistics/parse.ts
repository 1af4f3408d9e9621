// What a pageview says about its visit: UTM parameters, ad-click identifiers, the referring site
// and its source name, and the browser, system, device class and language. Pure functions, so the
// collector and its tests share them.

export interface Campaign {
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  utmContent: string;
  utmTerm: string;
  /** An ad network named by its click identifier (gclid, yclid, fbclid), or "". */
  clickSource: string;
}

const clickIds: [string, string][] = [
  ["gclid", "Google Ads"],
  ["yclid", "Yandex Direct"],
  ["fbclid", "Facebook Ads"],
];

const clip = (value: string | null, length = 200) => (value ?? "").trim().slice(0, length);

/** The campaign parameters of a page's query string. */
export function campaignOf(search: URLSearchParams): Campaign {
  return {
    utmSource: clip(search.get("utm_source")).toLowerCase(),
    utmMedium: clip(search.get("utm_medium")).toLowerCase(),
    utmCampaign: clip(search.get("utm_campaign")),
    utmContent: clip(search.get("utm_content")),
    utmTerm: clip(search.get("utm_term")),
    clickSource: clickIds.find(([name]) => search.has(name))?.[1] ?? "",
  };
}

/** Networks known by name: the hosts they refer from, and the other spellings a `utm_source` gives them. */
const knownSources: [RegExp, string, string[]][] = [
  [/(^|\.)google\./, "Google", ["google"]],
  [/(^|\.)yandex\.|(^|\.)ya\.ru$/, "Yandex", ["yandex", "ya"]],
  [/(^|\.)bing\.com$/, "Bing", ["bing"]],
  [/(^|\.)duckduckgo\.com$/, "DuckDuckGo", ["duckduckgo", "ddg"]],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, "Facebook", ["facebook", "fb"]],
  [/(^|\.)instagram\.com$/, "Instagram", ["instagram", "ig"]],
  [/(^|\.)(t\.co|twitter\.com|x\.com)$/, "X", ["x", "twitter"]],
  [/(^|\.)linkedin\.com$|^lnkd\.in$/, "LinkedIn", ["linkedin"]],
  [/(^|\.)vk\.com$/, "VK", ["vk", "vkontakte"]],
  [/^t\.me$|(^|\.)telegram\.org$/, "Telegram", ["telegram", "tg"]],
  [/(^|\.)youtube\.com$|^youtu\.be$/, "YouTube", ["youtube", "yt"]],
];

/** A known network's one name for a host or a spelling of it (`google`, `Google`, `www.google.com`), else undefined. */
function knownSource(value: string) {
  const spelling = value
    .trim()
    .toLowerCase()
    .replace(/^www\./, "");
  return knownSources.find(([host, , aliases]) => host.test(spelling) || aliases.includes(spelling))?.[1];
}

/** The referring site's host without `www.`, or "" for none, this site itself or a non-web address. */
export function referrerHost(referrer: string, siteHost: string): string {
  if (!referrer) return "";
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return "";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "";
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  return host === siteHost.toLowerCase().replace(/^www\./, "") ? "" : host.slice(0, 200);
}

/**
 * The visit's source: the `utm_source` when given, else the ad network of a click identifier,
 * else the referring site by name (Google, Yandex, …) or host, else "Direct". A known network has
 * one name however it is spelled: `utm_source=google` and a referrer from google.com are both
 * 'Google' (other sources keep the lower-case `utm_source` or the host).
 */
export function sourceOf(campaign: Campaign, host: string): string {
  if (campaign.utmSource) return knownSource(campaign.utmSource) ?? campaign.utmSource;
  if (campaign.clickSource) return campaign.clickSource;
  if (!host) return "Direct";
  return knownSource(host) ?? host;
}

/** A coarse class of the window's width, never the exact size. */
export function deviceOf(width: number): string {
  if (width <= 0) return "";
  if (width < 576) return "Mobile";
  if (width < 992) return "Tablet";
  if (width < 1440) return "Laptop";
  return "Desktop";
}

const browsers: [RegExp, string][] = [
  [/YaBrowser\//, "Yandex Browser"],
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const systems: [RegExp, string][] = [
  [/Windows/, "Windows"],
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

export const browserOf = (userAgent: string) => browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "Other";
export const systemOf = (userAgent: string) => systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "Other";

/** The first language the browser asks for, as its primary subtag (`ru`, `en`), or "". */
export function languageOf(acceptLanguage: string | undefined): string {
  const first = (acceptLanguage ?? "").split(",")[0]?.split(";")[0]?.trim().toLowerCase() ?? "";
  const primary = first.split("-")[0] ?? "";
  return /^[a-z]{2,3}$/.test(primary) ? primary : "";
}

/** A two-letter country code from the CDN's header; unknown and Tor markers (XX, T1) are none. */
export function countryOf(header: string | undefined): string {
  const code = (header ?? "").trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && code !== "XX" && code !== "T1" ? code : "";
}
