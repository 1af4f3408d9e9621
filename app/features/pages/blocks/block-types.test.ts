import { describe, expect, it } from "vitest";
import { blockTypeIds, blockTypes, type BlockType } from "./block-types";
import { createBlock, readBlockData, readBlocks, validateBlocks } from "./blocks";
import { blockMessages } from "./fields";

const image = (src: string, alt = "", decorative = false) => ({ src, alt, decorative });

/** For each type: data its schema must refuse, and the field the message belongs to. */
const invalid: Record<BlockType, { data: (defaults: Record<string, unknown>) => unknown; field: string; message: string }> = {
  hero: { data: (d) => ({ ...d, primaryUrl: "javascript:alert(1)" }), field: "primaryUrl", message: blockMessages.link },
  features: { data: (d) => ({ ...d, items: (d.items as unknown[]).slice(0, 3) }), field: "items", message: "" },
  text_image: { data: (d) => ({ ...d, image: image("/uploads/photo_1.png") }), field: "image.alt", message: blockMessages.altRequired },
  rich_text: { data: () => ({ html: "x".repeat(100_001) }), field: "html", message: blockMessages.tooLong },
  cta: { data: (d) => ({ ...d, buttonText: "  " }), field: "buttonText", message: blockMessages.required },
  faq: { data: (d) => ({ ...d, items: [] }), field: "items", message: blockMessages.itemsFew },
  plans: { data: () => ({ title: "x".repeat(121) }), field: "title", message: blockMessages.tooLong },
  fee_comparison: { data: () => "not an object", field: "", message: "" },
  gift_cards: { data: (d) => ({ ...d, title: "" }), field: "title", message: blockMessages.required },
  app_download: { data: (d) => ({ ...d, store1: "" }), field: "store1", message: blockMessages.required },
  disclaimer: { data: (d) => ({ ...d, text: "" }), field: "text", message: blockMessages.required },
};

describe.each(blockTypeIds)("the %s block", (type) => {
  const entry = blockTypes[type];
  const defaults = entry.defaults as Record<string, unknown>;

  it("accepts its default", () => {
    expect(entry.schema.safeParse(defaults).success).toBe(true);
  });

  it("refuses bad data with a message on the field", () => {
    const result = entry.schema.safeParse(invalid[type].data(defaults));
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.path.join(".")).toBe(invalid[type].field);
    if (invalid[type].message) expect(issue.message).toBe(invalid[type].message);
  });

  it("falls back to its defaults field by field when the stored data is invalid", () => {
    const repaired = readBlockData(type, invalid[type].data(defaults));
    expect(entry.schema.safeParse(repaired).success).toBe(true);
    expect(readBlockData(type, null)).toEqual(defaults);
  });
});

describe("blocks", () => {
  it("keeps the fields that pass and restores the others", () => {
    const data = readBlockData("cta", { title: "Mine", text: 5, buttonText: "", buttonUrl: "/fees" });
    expect(data).toEqual({ title: "Mine", text: blockTypes.cta.defaults.text, buttonText: "Open an account", buttonUrl: "/fees" });
  });

  it("accepts a decorative image without alt text, and page references and https links as button links", () => {
    const hero = createBlock("hero");
    const data = {
      ...hero.data,
      image: image("/uploads/hero_1.webp", "", true),
      primaryUrl: "page:3",
      secondaryUrl: "https://example.com/x",
    };
    expect(blockTypes.hero.schema.safeParse(data).success).toBe(true);
  });

  it("drops unknown types and repairs block ids when reading stored blocks", () => {
    const blocks = readBlocks([{ id: "a b", type: "cta", data: {} }, { id: "x", type: "script", data: {} }, "junk"]);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ id: "block-1", type: "cta" });
    expect(readBlocks("not a list")).toEqual([]);
  });

  it("names every failing field by its path and refuses a second block of a single-use type", () => {
    const first = createBlock("hero");
    const second = createBlock("hero");
    const faq = createBlock("faq");
    const broken = { ...faq, data: { title: "", items: [{ question: "", answer: "A" }] } };
    const result = validateBlocks([first, second, broken]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors["blocks.1"]).toBe("Такой блок может быть на странице только один");
      expect(result.errors["blocks.2.title"]).toBe(blockMessages.required);
      expect(result.errors["blocks.2.items.0.question"]).toBe(blockMessages.required);
    }
    expect(validateBlocks([first, createBlock("text_image"), createBlock("text_image")]).ok).toBe(true);
    expect(validateBlocks({}).ok).toBe(false);
  });
});
