import { describe, expect, it } from "vitest";
import { settingKeys } from "~/features/content/catalogue/settings";
import { isSiteUrl, settingKindOf, settingMessages, settingUpdateSchema } from "./schema";

const parse = (section: string, value: string) => settingUpdateSchema.safeParse({ section, value });
const messageOf = (section: string, value: string) => {
  const result = parse(section, value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe("site URLs", () => {
  it.each(["/", "/login", "/page-url?x=1#y", "https://example.com", "http://example.com/a"])("accepts %j", (url) => {
    expect(isSiteUrl(url)).toBe(true);
  });
  it.each([
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "data:text/html,x",
    "ftp://example.com",
    "example.com",
    "login",
    "/with space",
    "https://",
    `/${"a".repeat(2001)}`,
  ])("refuses %j", (url) => {
    expect(isSiteUrl(url)).toBe(false);
  });
});

describe("setting kinds", () => {
  it("decides each key's kind from its name and catalogue type", () => {
    expect(settingKindOf("primary_color")).toBe("color");
    expect(settingKindOf("contact_email")).toBe("email");
    expect(settingKindOf("support_email")).toBe("email");
    expect(settingKindOf("facebook_url")).toBe("url");
    expect(settingKindOf("hero_background_image")).toBe("url");
    expect(settingKindOf("login_button_url")).toBe("url");
    expect(settingKindOf("company_name")).toBe("text");
  });

  it("accepts every catalogue default (except empty colours) as a valid value", () => {
    for (const entry of settingKeys) {
      expect(parse(entry.section, entry.default).success, entry.section).toBe(true);
    }
  });
});

describe("setting update schema", () => {
  it("refuses an unknown key", () => {
    expect(messageOf("not_a_setting", "x")).toBe(settingMessages.unknownKey);
  });

  it.each([
    ["primary_color", "#12abEF", null],
    ["primary_color", "#123", settingMessages.color],
    ["primary_color", "red", settingMessages.color],
    ["primary_color", "", settingMessages.color],
    ["primary_color", "#1234567", settingMessages.color],
    ["contact_email", "hello@example.com", null],
    ["contact_email", "not-an-email", settingMessages.email],
    ["contact_email", "", null],
    ["twitter_url", "https://x.com/valora", null],
    ["twitter_url", "javascript:alert(1)", settingMessages.url],
    ["signup_button_url", "/signup", null],
    ["signup_button_url", "//evil.example", settingMessages.url],
    ["company_name", "<b>any text</b>", null],
    ["company_name", "x".repeat(200_001), settingMessages.tooLong],
  ])("%s = %j → %j", (section, value, message) => {
    expect(messageOf(section, value)).toBe(message);
  });

  it("trims values before checking them", () => {
    const result = parse("contact_email", "  hello@example.com ");
    expect(result.success && result.data.value).toBe("hello@example.com");
  });
});
