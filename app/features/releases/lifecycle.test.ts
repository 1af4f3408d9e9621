import { describe, expect, it } from "vitest";
import { allows, nextState, OPEN_RELEASE_STATES, RELEASE_STATES, releaseTransitions, type ReleaseState } from "./lifecycle";

describe("the release lifecycle", () => {
  it("has no dead state: every state is reached from a new draft, and only published and cancelled end", () => {
    const reached = new Set<ReleaseState>(["draft"]);
    for (let pass = 0; pass < RELEASE_STATES.length; pass += 1) {
      for (const state of [...reached])
        for (const action of Object.keys(releaseTransitions[state]) as (keyof (typeof releaseTransitions)[ReleaseState])[]) {
          for (const holds of [true, false]) reached.add(nextState(state, action, holds)!);
        }
    }
    expect([...reached].sort()).toEqual([...RELEASE_STATES].sort());
    expect(RELEASE_STATES.filter((state) => Object.keys(releaseTransitions[state]).length === 0)).toEqual(["published", "cancelled"]);
  });

  it("takes changes while open; an edit sends an approved, scheduled or failed release back to draft", () => {
    expect(OPEN_RELEASE_STATES).toEqual(["draft", "in_review", "approved", "scheduled", "failed"]);
    expect(nextState("approved", "stage")).toBe("draft");
    expect(nextState("scheduled", "stage")).toBe("draft");
    expect(nextState("failed", "stage")).toBe("draft");
    expect(nextState("in_review", "stage")).toBe("in_review");
    expect(allows("published", "stage")).toBe(false);
  });

  it("reviews only what is not frozen by a schedule, and unschedules to the approval that still holds", () => {
    expect(allows("scheduled", "approve")).toBe(false);
    expect(allows("scheduled", "send_back")).toBe(false);
    expect(allows("draft", "unschedule")).toBe(false);
    expect(nextState("scheduled", "unschedule", true)).toBe("approved");
    expect(nextState("scheduled", "unschedule", false)).toBe("draft");
    expect(nextState("in_review", "send_back")).toBe("draft");
  });
});
