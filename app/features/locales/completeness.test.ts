import { describe, expect, it } from "vitest";
import { completenessPercent } from "./completeness";

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("the completeness figure", () => {
  it("is never 0 % once something is translated, never 100 % until all is", () => {
    expect(plain(completenessPercent(1, 207, "en"))).toBe("<1%");
    expect(plain(completenessPercent(1, 207, "ru"))).toBe("<1 %");
    expect(plain(completenessPercent(206, 207, "en"))).toBe(">99%");
    expect(plain(completenessPercent(0, 207, "en"))).toBe("0%");
    expect(plain(completenessPercent(207, 207, "ru"))).toBe("100 %");
    expect(plain(completenessPercent(0, 0, "en"))).toBe("0%");
    expect(plain(completenessPercent(104, 207, "en"))).toBe("50%");
    expect(plain(completenessPercent(3, 207, "en"))).toBe("1%");
  });
});
