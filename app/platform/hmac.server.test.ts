import { afterEach, describe, expect, it } from "vitest";
import { createStamp, hashClientAddress, MIN_FILL_MS, readCookie, setContactSecret, STAMP_MAX_AGE_MS, stampVerdict } from "./hmac.server";

describe("contact form stamps and address hashes", () => {
  afterEach(() => setContactSecret(undefined));

  it("accepts a stamp once a person could have filled the form in, until it is a day old", () => {
    const now = 1_800_000_000_000;
    const stamp = createStamp(now);
    expect(stampVerdict(stamp, now + MIN_FILL_MS - 1)).toBe("too-fast");
    expect(stampVerdict(stamp, now + MIN_FILL_MS)).toBe("ok");
    expect(stampVerdict(stamp, now + STAMP_MAX_AGE_MS + 1)).toBe("stale");
    expect(stampVerdict(undefined, now)).toBe("missing");
  });

  it("takes a configured minimum fill time in place of the default", () => {
    const now = 1_800_000_000_000;
    const stamp = createStamp(now);
    expect(MIN_FILL_MS).toBe(3_000);
    expect(stampVerdict(stamp, now + 49, 50)).toBe("too-fast");
    expect(stampVerdict(stamp, now + 50, 50)).toBe("ok");
  });

  it("refuses a backdated or foreign stamp", () => {
    const now = 1_800_000_000_000;
    const [time, signature] = createStamp(now).split(".");
    expect(stampVerdict(`${Number(time) - 60_000}.${signature}`, now)).toBe("forged");
    setContactSecret("another-secret-of-at-least-32-characters");
    expect(stampVerdict(`${time}.${signature}`, now + MIN_FILL_MS)).toBe("forged");
  });

  it("hashes addresses with the secret: stable, not the address, different under another secret", () => {
    setContactSecret("first-secret-of-at-least-32-characters!!");
    const first = hashClientAddress("203.0.113.7");
    expect(hashClientAddress("203.0.113.7")).toBe(first);
    expect(first).not.toContain("203");
    setContactSecret("second-secret-of-at-least-32-characters!");
    expect(hashClientAddress("203.0.113.7")).not.toBe(first);
  });

  it("reads one cookie from the header", () => {
    const request = new Request("http://x/", { headers: { cookie: "a=1; contact_stamp=123.abc=; b=2" } });
    expect(readCookie(request, "contact_stamp")).toBe("123.abc=");
    expect(readCookie(request, "missing")).toBeUndefined();
  });
});
