import { describe, expect, it } from "vitest";
import { addPageLinkSchema, pageLinkMessages, updatePageUrlSchema } from "./schema";

// The first message of each field, as the form shows it.
const addIssues = (pageName: string, pageUrl: string) => {
  const result = addPageLinkSchema.safeParse({ pageName, pageUrl });
  const first = new Map<unknown, string>();
  for (const issue of result.error?.issues ?? []) if (!first.has(issue.path[0])) first.set(issue.path[0], issue.message);
  return [...first];
};

describe("page link schemas", () => {
  it("accepts a slug and a site path or http(s) address, normalising the name", () => {
    expect(addPageLinkSchema.parse({ pageName: " About ", pageUrl: " /about-us " })).toEqual({ pageName: "about", pageUrl: "/about-us" });
    expect(addPageLinkSchema.parse({ pageName: "aml-kyc", pageUrl: "https://example.com/x" }).pageName).toBe("aml-kyc");
  });

  it("requires both fields", () => {
    expect(addIssues("", "")).toEqual([
      ["pageName", pageLinkMessages.nameRequired],
      ["pageUrl", pageLinkMessages.urlRequired],
    ]);
  });

  it.each([
    ["x".repeat(51), pageLinkMessages.nameTooLong],
    ["about us", pageLinkMessages.nameFormat],
    ["../etc", pageLinkMessages.nameFormat],
    ["<script>", pageLinkMessages.nameFormat],
    ["global", pageLinkMessages.nameReserved],
  ])("refuses the page name %j", (pageName, message) => {
    expect(addIssues(pageName, "/x")).toEqual([["pageName", message]]);
  });

  it.each(["javascript:alert(1)", "//evil.example", "about", "data:text/html,x"])("refuses the URL %j", (pageUrl) => {
    expect(addIssues("about", pageUrl)).toEqual([["pageUrl", pageLinkMessages.urlFormat]]);
  });

  it("lets an edit clear the URL but not set a bad one", () => {
    expect(updatePageUrlSchema.parse({ id: "7", pageUrl: "" })).toEqual({ id: 7, pageUrl: "" });
    expect(updatePageUrlSchema.safeParse({ id: "7", pageUrl: "javascript:x" }).success).toBe(false);
    expect(updatePageUrlSchema.safeParse({ id: "abc", pageUrl: "/x" }).success).toBe(false);
  });
});
