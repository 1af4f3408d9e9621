import { describe, expect, it } from "vitest";
import { addressKey, leadsToLoop, sameAddress } from "./address-key";

describe("the address a target leads to", () => {
  it.each(["/a", "/a/", "/A", "/a#top", "/a?x=1", "/%61", "/x/../a", "/./a", "/x/%2e%2e/a", "//a".slice(1), "/a//"])(
    "%s is /a",
    (target) => {
      expect(addressKey(target)).toBe("/a");
    },
  );

  it("leads off the site for addresses elsewhere", () => {
    for (const target of ["https://a.example/a", "//a.example/a", "a"]) expect(addressKey(target), target).toBeUndefined();
    expect(sameAddress("https://a.example/a", "https://a.example/a")).toBe(false);
  });

  it("takes an absolute address on the site's own origin as its path, when the origin is known", () => {
    expect(addressKey("https://site.example/A/", "https://site.example")).toBe("/a");
    expect(addressKey("http://site.example/%61", "https://site.example")).toBe("/a");
    expect(addressKey("https://other.example/a", "https://site.example")).toBeUndefined();
    expect(addressKey("https://site.example/a")).toBeUndefined();
    expect(leadsToLoop(new Map([["/u", "https://site.example/u/"]]), "/u", "https://site.example")).toBe(true);
  });

  it("finds a loop through any spelling, and none in a chain that ends", () => {
    expect(
      leadsToLoop(
        new Map([
          ["/u", "/v"],
          ["/v", "/U/"],
        ]),
        "/u",
      ),
    ).toBe(true);
    expect(
      leadsToLoop(
        new Map([
          ["/u", "/v"],
          ["/v", "/w"],
          ["/w", "/v#x"],
        ]),
        "/u",
      ),
    ).toBe(true);
    expect(
      leadsToLoop(
        new Map([
          ["/u", "/v"],
          ["/v", "https://a.example/u"],
        ]),
        "/u",
      ),
    ).toBe(false);
    expect(leadsToLoop(new Map([["/u", "/v"]]), "/u")).toBe(false);
  });
});
