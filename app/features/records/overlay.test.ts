import { describe, expect, it } from "vitest";
import { overlay, overlayAll } from "./overlay";

describe("the one overlay", () => {
  const live = new Map([
    ["home/a", { v: "live a" }],
    ["home/b", { v: "live b" }],
    ["menu:1", { v: "menu" }],
  ]);

  it("replaces, adds and removes records as the draft says, and leaves the maps given alone", () => {
    const draft = new Map<string, unknown>([
      ["home/a", { v: "staged a" }],
      ["home/c", { v: "new c" }],
      ["home/b", null],
    ]);
    const result = overlay(live, draft);
    expect(Object.fromEntries(result)).toEqual({ "home/a": { v: "staged a" }, "home/c": { v: "new c" }, "menu:1": { v: "menu" } });
    expect(live.get("home/b")).toEqual({ v: "live b" });
    expect(draft.size).toBe(3);
  });

  it("applies only the draft's keys that belong, and layers drafts in order (a release, then typed values)", () => {
    const release = new Map<string, unknown>([
      ["home/a", { v: "staged" }],
      ["menu:1", null],
    ]);
    const typed = new Map<string, unknown>([["home/a", { v: "typed" }]]);
    const onlyHome = (key: string) => key.startsWith("home/");
    expect(overlay(live, release, onlyHome).get("menu:1")).toEqual({ v: "menu" });
    expect(overlayAll(live, [release, typed], onlyHome).get("home/a")).toEqual({ v: "typed" });
    expect(overlayAll(live, [typed, release], onlyHome).get("home/a")).toEqual({ v: "staged" });
  });
});
