import { describe, expect, it } from "vitest";
import { contentAddSchema, contentMessages, contentUpdateSchema, editorFor, isLegalPageRow } from "./schema";

const valid = { pageName: "home", sectionName: "promo_title", contentType: "text", contentValue: "Hello" };
const firstMessage = (input: Record<string, unknown>) => {
  const result = contentAddSchema.safeParse({ ...valid, ...input });
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe("contentAddSchema", () => {
  it("accepts a section and trims the names", () => {
    expect(contentAddSchema.parse({ ...valid, pageName: " home ", sectionName: " promo_title " })).toEqual(valid);
    expect(contentAddSchema.parse({ pageName: "faq", sectionName: "x" })).toEqual({
      pageName: "faq",
      sectionName: "x",
      contentType: "text",
      contentValue: "",
    });
  });

  it.each([
    [{ pageName: "" }, contentMessages.pageNameRequired],
    [{ pageName: "  " }, contentMessages.pageNameRequired],
    [{ pageName: "p".repeat(51) }, contentMessages.pageNameTooLong],
    [{ pageName: "Home Page" }, contentMessages.nameFormat],
    [{ pageName: "global" }, contentMessages.globalReserved],
    [{ sectionName: "" }, contentMessages.sectionNameRequired],
    [{ sectionName: "s".repeat(51) }, contentMessages.sectionNameTooLong],
    [{ sectionName: "a/b" }, contentMessages.nameFormat],
    [{ contentValue: "v".repeat(200_001) }, contentMessages.contentTooLong],
    [{ contentType: "video" }, contentMessages.contentType],
    [{ pageName: "terms", sectionName: "effective_from" }, contentMessages.effectiveReserved],
    [{ pageName: "fees", sectionName: "effective_from" }, contentMessages.effectiveReserved],
  ])("refuses %j with its message", (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it("leaves effective_from to pages without an effective date", () => {
    expect(firstMessage({ pageName: "home", sectionName: "effective_from" })).toBeUndefined();
  });

  it("accepts the limits themselves", () => {
    expect(firstMessage({ pageName: "p".repeat(50), sectionName: "s".repeat(50), contentValue: "v".repeat(200_000) })).toBeUndefined();
  });
});

describe("contentUpdateSchema", () => {
  it("needs a row id and a value of at most 200000 characters", () => {
    expect(contentUpdateSchema.parse({ id: "12", contentValue: "" })).toEqual({ id: 12, contentValue: "" });
    expect(contentUpdateSchema.safeParse({ id: "x", contentValue: "a" }).error?.issues[0]?.message).toBe(contentMessages.notFound);
    expect(contentUpdateSchema.safeParse({ id: "1", contentValue: "v".repeat(200_001) }).error?.issues[0]?.message).toBe(
      contentMessages.contentTooLong,
    );
  });
});

describe("editorFor", () => {
  const row = (input: Partial<Parameters<typeof editorFor>[0]>) => ({
    pageName: "home",
    sectionName: "hero_title",
    contentType: "text" as const,
    contentValue: "",
    ...input,
  });

  it("chooses the editor a value needs", () => {
    expect(editorFor(row({ contentValue: "x".repeat(100) }))).toBe("line");
    expect(editorFor(row({ contentValue: "x".repeat(101) }))).toBe("multiline");
    expect(editorFor(row({ contentType: "url", contentValue: "x".repeat(101) }))).toBe("line");
    expect(editorFor(row({ contentType: "image" }))).toBe("image");
    expect(editorFor(row({ contentType: "rich_text" }))).toBe("html");
    expect(editorFor(row({ pageName: "terms", sectionName: "page_content", contentType: "rich_text" }))).toBe("legal");
  });

  it("knows the legal pages' rows", () => {
    expect(isLegalPageRow("privacy", "page_content")).toBe(true);
    expect(isLegalPageRow("home", "page_content")).toBe(false);
    expect(isLegalPageRow("privacy", "intro")).toBe(false);
  });
});
