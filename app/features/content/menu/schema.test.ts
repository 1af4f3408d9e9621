import { describe, expect, it } from "vitest";
import { menuItemActiveSchema, menuItemSchema, menuMessages, parseSortOrder } from "./schema";

const valid = { displayName: "Blog", url: "/blog", menuType: "header", sortOrder: "3" };
const firstMessage = (input: Record<string, unknown>) => {
  const result = menuItemSchema.safeParse({ ...valid, ...input });
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe("menuItemSchema", () => {
  it("accepts a valid item and reads the order as an integer", () => {
    expect(menuItemSchema.parse(valid)).toEqual({ displayName: "Blog", url: "/blog", menuType: "header", sortOrder: 3 });
    expect(menuItemSchema.parse({ ...valid, displayName: "  Blog  ", url: " /blog " })).toMatchObject({
      displayName: "Blog",
      url: "/blog",
    });
  });

  it.each([
    [{ displayName: "" }, menuMessages.nameRequired],
    [{ displayName: "   " }, menuMessages.nameRequired],
    [{ displayName: "x".repeat(101) }, menuMessages.nameTooLong],
    [{ url: "" }, menuMessages.urlRequired],
    [{ url: `/${"x".repeat(500)}` }, menuMessages.urlTooLong],
    [{ url: "blog" }, menuMessages.urlStart],
    [{ url: "https://evil.com" }, menuMessages.urlStart],
    [{ url: "javascript:alert(1)" }, menuMessages.urlStart],
    [{ url: "//evil.com" }, menuMessages.urlOffSite],
    [{ url: "/\\evil.com" }, menuMessages.urlCharacters],
    [{ url: "/\t/evil.com" }, menuMessages.urlCharacters],
    [{ url: "/\n/evil.com" }, menuMessages.urlCharacters],
    [{ url: "/a b" }, menuMessages.urlCharacters],
    [{ url: "/\u0000x" }, menuMessages.urlCharacters],
    [{ url: "/\u200e/evil.com" }, menuMessages.urlCharacters],
    [{ menuType: "sidebar" }, menuMessages.menuType],
    [{ sortOrder: "-1" }, menuMessages.sortOrderRange],
    [{ sortOrder: "1000" }, menuMessages.sortOrderRange],
  ])("refuses %j with its message", (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it("accepts the limits themselves", () => {
    expect(firstMessage({ displayName: "x".repeat(100), url: `/${"x".repeat(499)}`, sortOrder: "999" })).toBeUndefined();
    expect(firstMessage({ sortOrder: "0" })).toBeUndefined();
  });
});

describe("parseSortOrder", () => {
  it("reads non-numbers as 0 and numbers as integers", () => {
    expect(parseSortOrder("abc")).toBe(0);
    expect(parseSortOrder("")).toBe(0);
    expect(parseSortOrder(undefined)).toBe(0);
    expect(parseSortOrder("12abc")).toBe(12);
    expect(parseSortOrder("7.9")).toBe(7);
    expect(parseSortOrder(4)).toBe(4);
    expect(parseSortOrder(Number.NaN)).toBe(0);
  });
});

describe("menuItemActiveSchema", () => {
  it("reads the posted flag", () => {
    expect(menuItemActiveSchema.parse({ id: "4", isActive: "false" })).toEqual({ id: 4, isActive: false });
    expect(menuItemActiveSchema.safeParse({ id: "4", isActive: "maybe" }).success).toBe(false);
  });
});
