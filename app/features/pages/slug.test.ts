import { describe, expect, it } from "vitest";
import { normalisePath, redirectFromProblem, redirectTargetProblem, slugMessages, slugProblem } from "./slug";

describe("landing page addresses", () => {
  it("accepts lowercase paths of letters, digits and hyphens", () => {
    for (const path of ["/gift-season", "/partners/acme-2026", "/a"]) expect(slugProblem(path), path).toBeUndefined();
  });

  it.each([
    ["", slugMessages.required],
    ["offer", slugMessages.start],
    ["/Offer", slugMessages.characters],
    ["/a/../b", slugMessages.dots],
    ["/a%2Fb", slugMessages.characters],
    ["/оffer", slugMessages.characters],
    ["/offer/", slugMessages.characters],
    ["/a--b", slugMessages.characters],
    ["/admin", slugMessages.reserved],
    ["/admin/x", slugMessages.reserved],
    ["/api", slugMessages.reserved],
    ["/uploads/x", slugMessages.reserved],
    ["/assets", slugMessages.reserved],
    ["/healthz", slugMessages.reserved],
    ["/preview", slugMessages.reserved],
    ["/preview/exit", slugMessages.reserved],
    ["/fees", slugMessages.route],
    ["/signup", slugMessages.route],
    ["/" + "a".repeat(200), slugMessages.tooLong],
  ])("refuses %j", (path, message) => {
    expect(slugProblem(path)).toBe(message);
  });

  it("lower-cases and trims what is typed", () => {
    expect(normalisePath("  /Gift-Season ")).toBe("/gift-season");
  });

  it("takes old addresses with dots and capitals as redirect sources, never encoded slashes, dot segments or reserved paths", () => {
    expect(redirectFromProblem("/Old/Offer.html")).toBeUndefined();
    for (const path of [
      "/a/../b",
      "/a/%2f",
      "/%2e%2e",
      "/a b",
      "/ünï",
      "//evil",
      "/admin",
      "/sitemap.xml",
      "/x?y=1",
      "/x/",
      "/visit.js",
      "/favicon.png",
      "/offer.data",
    ]) {
      expect(redirectFromProblem(path), path).toBeDefined();
    }
  });

  it("takes site paths and http(s) addresses as redirect targets", () => {
    expect(redirectTargetProblem("/fees")).toBeUndefined();
    expect(redirectTargetProblem("https://partner.example/offer")).toBeUndefined();
    for (const target of ["//evil.example", "javascript:alert(1)", "fees", "/a b", ""])
      expect(redirectTargetProblem(target), target).toBeDefined();
  });
});
