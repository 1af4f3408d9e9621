import { describe, expect, it } from "vitest";
import { isRouterClick } from "./site-link";

const plainClick = { defaultPrevented: false, button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false };

function anchor(href: string | null, attributes: { target?: string; download?: boolean } = {}) {
  return {
    target: attributes.target ?? "",
    hasAttribute: (name: string) => name === "download" && attributes.download === true,
    getAttribute: (name: string) => (name === "href" ? href : null),
  };
}

describe("which link clicks the router takes over", () => {
  it("takes plain clicks on links to this site's pages", () => {
    expect(isRouterClick(plainClick, anchor("/fees"))).toBe(true);
    expect(isRouterClick(plainClick, anchor("/"))).toBe(true);
    expect(isRouterClick(plainClick, anchor("/faq?topic=cards#top"))).toBe(true);
  });

  it("leaves new-tab, new-window, download and other-button clicks to the browser", () => {
    for (const modifier of ["metaKey", "ctrlKey", "shiftKey", "altKey"] as const) {
      expect(isRouterClick({ ...plainClick, [modifier]: true }, anchor("/fees"))).toBe(false);
    }
    expect(isRouterClick({ ...plainClick, button: 1 }, anchor("/fees"))).toBe(false);
    expect(isRouterClick({ ...plainClick, defaultPrevented: true }, anchor("/fees"))).toBe(false);
    expect(isRouterClick(plainClick, anchor("/fees", { target: "_blank" }))).toBe(false);
    expect(isRouterClick(plainClick, anchor("/fees", { download: true }))).toBe(false);
  });

  it("leaves other sites, files, mail, phone, in-page and unusual addresses to the browser", () => {
    for (const href of [
      "https://example.com/",
      "//cdn.example.com/x",
      "/uploads/logo.png",
      "/terms.pdf",
      "mailto:a@b.co",
      "tel:+441234",
      "#main",
      "features",
      null,
    ]) {
      expect(isRouterClick(plainClick, anchor(href))).toBe(false);
    }
  });
});
