import { describe, expect, it } from "vitest";
import { replyHref } from "./reply-link";

describe("reply by e-mail", () => {
  it("addresses the visitor with Re: and the subject, quoting the message", () => {
    const href = replyHref({
      email: "ada@example.com",
      name: "Ada",
      subject: "Payment Problems",
      message: "Line one\nLine & two",
      createdAt: "2026-01-02T03:04:05Z",
    });
    const url = new URL(href);
    expect(url.protocol).toBe("mailto:");
    expect(url.pathname).toBe("ada@example.com");
    expect(url.searchParams.get("subject")).toBe("Re: Payment Problems");
    expect(url.searchParams.get("body")).toBe("\n\n2026-01-02 03:04 UTC, Ada <ada@example.com>:\n> Line one\n> Line & two");
  });

  it("cannot add recipients or headers through the address", () => {
    const href = replyHref({
      email: "a@b.example?cc=x@evil.example",
      name: "A",
      subject: "General Inquiry",
      message: "x",
      createdAt: new Date(),
    });
    expect(href.split("?")[0]).toBe("mailto:a@b.example%3Fcc%3Dx@evil.example");
  });
});
