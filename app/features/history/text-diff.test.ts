import { describe, expect, it } from "vitest";
import { diffWords } from "./text-diff";

describe("diffWords", () => {
  it("marks the words a change replaced", () => {
    expect(diffWords("Send money fast", "Send money instantly")).toEqual([
      { kind: "same", text: "Send money " },
      { kind: "removed", text: "fast" },
      { kind: "added", text: "instantly" },
    ]);
  });

  it("keeps unchanged words between two changes", () => {
    expect(diffWords("a b c d", "x b c y")).toEqual([
      { kind: "removed", text: "a" },
      { kind: "added", text: "x" },
      { kind: "same", text: " b c " },
      { kind: "removed", text: "d" },
      { kind: "added", text: "y" },
    ]);
  });

  it("handles an empty side and identical texts", () => {
    expect(diffWords("", "New text")).toEqual([{ kind: "added", text: "New text" }]);
    expect(diffWords("Old", "")).toEqual([{ kind: "removed", text: "Old" }]);
    expect(diffWords("Same", "Same")).toEqual([{ kind: "same", text: "Same" }]);
    expect(diffWords("", "")).toEqual([]);
  });

  it("rebuilds both texts from its parts", () => {
    const before = "Our fees are low.\nNo hidden costs at all.";
    const after = "Our fees are very low.\nNo costs at all, ever.";
    const parts = diffWords(before, after);
    expect(
      parts
        .filter((part) => part.kind !== "added")
        .map((part) => part.text)
        .join(""),
    ).toBe(before);
    expect(
      parts
        .filter((part) => part.kind !== "removed")
        .map((part) => part.text)
        .join(""),
    ).toBe(after);
  });

  it("shows a change of very long texts as a whole instead of spending seconds on it", () => {
    const before = "word ".repeat(3000);
    const after = "other ".repeat(3000);
    const started = performance.now();
    expect(diffWords(before, after)).toEqual([
      { kind: "removed", text: before },
      { kind: "added", text: after },
    ]);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
