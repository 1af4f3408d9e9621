import { describe, expect, it } from "vitest";
import { legalMessages, legalSaveSchema, MAX_RICH_CONTENT_LENGTH } from "./schema";
import { feeMessages, feeUpdateSchema } from "~/features/content/fees/schema";
import { imageFileProblem, uploadMessages, uploadTargetSchema } from "~/features/uploads/schema";

const delta = JSON.stringify({ ops: [{ insert: "Terms" }, { insert: "\n", attributes: { header: 1 } }] });
const form = (overrides: Record<string, unknown> = {}) => ({
  page_name: "terms",
  section_name: "page_content",
  content: "<h1>Terms</h1>",
  rich_content: delta,
  ...overrides,
});
const reason = (input: Record<string, unknown>) => {
  const result = legalSaveSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe("legal page schema", () => {
  it("accepts a page with its Delta, parsed from JSON", () => {
    const parsed = legalSaveSchema.parse(form());
    expect(parsed.rich_content.ops).toHaveLength(2);
  });

  it.each([
    [{ page_name: "home" }, legalMessages.unknownPage],
    [{ section_name: "hero_title" }, legalMessages.section],
    [{ content: "x".repeat(200_001) }, legalMessages.tooLong],
    [{ rich_content: "not json" }, legalMessages.richInvalid],
    [{ rich_content: JSON.stringify({ ops: "x" }) }, legalMessages.richInvalid],
    [{ rich_content: JSON.stringify({ ops: [{ insert: "a", retain: 3 }] }) }, legalMessages.richInvalid],
    [{ rich_content: JSON.stringify({ ops: [{ insert: { image: { nested: true } } }] }) }, legalMessages.richInvalid],
    [{ rich_content: "x".repeat(MAX_RICH_CONTENT_LENGTH + 1) }, legalMessages.richTooLong],
  ])("refuses %j with its reason", (overrides, message) => {
    expect(reason(form(overrides))).toBe(message);
  });
});

describe("fees schema", () => {
  it("accepts a fees key and refuses other keys and over-long text", () => {
    expect(feeUpdateSchema.safeParse({ section: "page_title", value: "Pricing" }).success).toBe(true);
    expect(feeUpdateSchema.safeParse({ section: "contact_email", value: "x" }).error?.issues[0]?.message).toBe(feeMessages.unknownField);
    expect(feeUpdateSchema.safeParse({ section: "page_title", value: "x".repeat(200_001) }).error?.issues[0]?.message).toBe(
      feeMessages.tooLong,
    );
  });
});

describe("upload checks", () => {
  it("checks size and type in the browser before sending", () => {
    expect(imageFileProblem({ size: 1000, type: "image/png" })).toBeNull();
    expect(imageFileProblem({ size: 1000, type: "image/webp" })).toBeNull();
    expect(imageFileProblem({ size: 1000, type: "image/svg+xml" })).toBe(uploadMessages.unsupported_type);
    expect(imageFileProblem({ size: 50 * 1024 * 1024 + 1, type: "image/png" })).toBe(uploadMessages.too_large);
  });

  it("accepts only safe page and section names as an upload target", () => {
    expect(uploadTargetSchema.parse({ section: "favicon_url" })).toEqual({ page: "global", section: "favicon_url" });
    expect(uploadTargetSchema.safeParse({ page: "aml-kyc", section: "hero_image" }).success).toBe(true);
    for (const section of ["../x", "A", "", "x".repeat(51)]) expect(uploadTargetSchema.safeParse({ section }).success).toBe(false);
    expect(uploadTargetSchema.safeParse({ page: "../etc", section: "x" }).success).toBe(false);
  });
});
