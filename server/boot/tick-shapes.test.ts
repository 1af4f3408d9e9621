import { describe, expect, it } from "vitest";
import { settleTickObjectShapes } from "./tick-shapes.js";

describe("tick object shapes", () => {
  // If a Node changes its tick objects, the settling at start does nothing: this says so.
  it("recognises this Node's tick objects, so that the server settles their hidden class at start", () => {
    expect(settleTickObjectShapes()).toBe(true);
  });
});
