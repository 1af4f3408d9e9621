import { describe, expect, it } from "vitest";
import { resolveLink } from "./link-target";

describe("link target", () => {
  it("routes page paths inside the site", () => {
    expect(resolveLink("/fees")).toEqual({ kind: "route", href: "/fees" });
    expect(resolveLink(" /contact?topic=sales ")).toEqual({ kind: "route", href: "/contact?topic=sales" });
    expect(resolveLink("features")).toEqual({ kind: "route", href: "/features" });
  });

  it("lets the browser load files and uploads", () => {
    expect(resolveLink("/uploads/logo_1.png")).toEqual({ kind: "document", href: "/uploads/logo_1.png", external: false });
    expect(resolveLink("/docs/terms.pdf")).toEqual({ kind: "document", href: "/docs/terms.pdf", external: false });
  });

  it("marks other sites as external", () => {
    expect(resolveLink("https://app.example.com/register")).toEqual({
      kind: "document",
      href: "https://app.example.com/register",
      external: true,
    });
    expect(resolveLink("//cdn.example.com/x")).toMatchObject({ href: "https://cdn.example.com/x", external: true });
    expect(resolveLink("www.example.com/login")).toMatchObject({ href: "https://www.example.com/login", external: true });
  });

  it("keeps mail and phone links in the same tab", () => {
    expect(resolveLink("mailto:hello@example.com")).toEqual({ kind: "document", href: "mailto:hello@example.com", external: false });
    expect(resolveLink("tel:+442079460958")).toMatchObject({ external: false });
  });

  it("replaces unsafe or empty URLs by the home page", () => {
    expect(resolveLink("javascript:alert(1)")).toEqual({ kind: "route", href: "/" });
    expect(resolveLink(" JavaScript:alert(1)")).toEqual({ kind: "route", href: "/" });
    expect(resolveLink("data:text/html,hi")).toEqual({ kind: "route", href: "/" });
    expect(resolveLink("")).toEqual({ kind: "route", href: "/" });
    expect(resolveLink(undefined)).toEqual({ kind: "route", href: "/" });
  });
});
