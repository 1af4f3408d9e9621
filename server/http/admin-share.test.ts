import { EventEmitter } from "node:events";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAdminShare, dispatchRequests, isAdminRequest, type AdminShare } from "./admin-share";

/** A response that only tells when it closed, as the share listens for. */
const response = () => new EventEmitter() as unknown as ServerResponse;

describe("administrators' share of a busy server", () => {
  let shares: AdminShare[] = [];
  let utilisation = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    utilisation = 0;
  });
  afterEach(() => {
    for (const share of shares) share.stop();
    shares = [];
    vi.useRealTimers();
  });

  function share(options: { share?: number; maxWaitMs?: number } = {}) {
    const created = createAdminShare({
      share: options.share ?? 0.25,
      maxWaitMs: options.maxWaitMs,
      // The windows are the test's own (window() below).
      windowMs: 3_600_000,
      now: () => Date.now(),
      utilisation: () => utilisation,
      waited: (milliseconds) => waits.push(milliseconds),
    });
    shares.push(created);
    return created;
  }
  let waits: number[] = [];
  beforeEach(() => (waits = []));

  /** A window of the loop at this utilisation with this many visitors' pages answered. */
  function window(admin: AdminShare, loop: number, visitors: number) {
    utilisation = loop;
    for (let visitor = 0; visitor < visitors; visitor++) admin.visitor();
    admin.sample();
  }

  /** Admits a request that takes `takes` ms once it runs; resolves with the time it started. */
  function request(admin: AdminShare, takes: number) {
    return new Promise<number>((resolve) => {
      const res = response();
      admin.admit(res, () => {
        const started = Date.now();
        setTimeout(() => res.emit("close"), takes);
        resolve(started);
      });
    });
  }

  it("tells the administrator's area, its data requests and sign-in from the public site", () => {
    for (const url of [
      "/admin",
      "/admin/",
      "/admin/settings",
      "/admin/settings.data",
      "/admin.data",
      "/admin?tab=1",
      "/api/auth/sign-in/email",
    ])
      expect(isAdminRequest(url), url).toBe(true);
    for (const url of ["/", "/administration", "/admins", "/fees", "/api/authors", "/assets/admin-x.js", "/uploads/admin.png"])
      expect(isAdminRequest(url), url).toBe(false);
  });

  it("makes nobody wait on a server with room to spare", async () => {
    const admin = share();
    window(admin, 0.5, 200);
    const began = Date.now();
    await request(admin, 40);
    vi.advanceTimersByTime(40);
    expect(await request(admin, 40)).toBe(began + 40);
    expect(waits).toEqual([]);
  });

  it("on a loop busy with visitors, holds the next request back three times as long as the last took (a quarter of the loop)", async () => {
    const admin = share();
    window(admin, 0.97, 300);
    const first = await request(admin, 40);
    vi.advanceTimersByTime(40);
    const second = request(admin, 10);
    await vi.advanceTimersByTimeAsync(119);
    let started: number | undefined;
    void second.then((at) => (started = at));
    await Promise.resolve();
    expect(started).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await second).toBe(first + 40 + 120);
    expect(waits).toEqual([120]);
  });

  it("does not hold back when the loop is busy with no visitors (the administrator's own work)", async () => {
    const admin = share();
    window(admin, 1, 3);
    const first = await request(admin, 40);
    vi.advanceTimersByTime(40);
    expect(await request(admin, 10)).toBe(first + 40);
    expect(waits).toEqual([]);
  });

  it("never holds a request back longer than the longest wait", async () => {
    const admin = share({ maxWaitMs: 500 });
    window(admin, 1, 300);
    const first = await request(admin, 2000);
    vi.advanceTimersByTime(2000);
    const second = request(admin, 10);
    await vi.advanceTimersByTimeAsync(500);
    expect(await second).toBe(first + 2000 + 500);
    expect(waits).toEqual([500]);
  });

  it("lets requests through again once the visitors are gone", async () => {
    const admin = share();
    window(admin, 1, 300);
    await request(admin, 100);
    vi.advanceTimersByTime(100);
    window(admin, 0.2, 0);
    const now = Date.now();
    expect(await request(admin, 10)).toBe(now);
    expect(waits).toEqual([]);
  });

  it("with a share of 100 % never holds anything back, and reads no utilisation", async () => {
    const read = vi.fn(() => 1);
    const admin = createAdminShare({ share: 1, utilisation: read, now: () => Date.now() });
    shares.push(admin);
    vi.advanceTimersByTime(1000);
    expect(read).not.toHaveBeenCalled();
    const first = await request(admin, 100);
    vi.advanceTimersByTime(100);
    expect(await request(admin, 10)).toBe(first + 100);
  });

  it("reads each window on its own timer", () => {
    const admin = createAdminShare({ share: 0.25, utilisation: () => utilisation, now: () => Date.now() });
    shares.push(admin);
    utilisation = 0.95;
    for (let visitor = 0; visitor < 10; visitor++) admin.visitor();
    expect(admin.busy()).toBe(false);
    vi.advanceTimersByTime(100);
    expect(admin.busy()).toBe(true);
    // The next window had no visitors.
    vi.advanceTimersByTime(100);
    expect(admin.busy()).toBe(false);
  });

  it("refuses a share outside (0, 1]", () => {
    expect(() => createAdminShare({ share: 0 })).toThrow(/above 0 and at most 1/);
    expect(() => createAdminShare({ share: 1.5 })).toThrow(/above 0 and at most 1/);
  });
});

describe("the server's requests", () => {
  it("send administrators' requests through the share, count the public pages the cache answers, and pass the rest on", async () => {
    const admitted: string[] = [];
    let visitors = 0;
    const admin: AdminShare = {
      visitor: () => (visitors += 1),
      admit: (_res, run) => {
        admitted.push("admitted");
        run();
      },
      sample: () => {},
      busy: () => false,
      stop: () => {},
    };
    const answered: string[] = [];
    const answer = (by: string) => (req: IncomingMessage, res: ServerResponse) => {
      answered.push(`${by} ${req.url}`);
      res.end(by);
    };
    const server = http.createServer(
      dispatchRequests(admin, {
        page: (req, res) => {
          if (req.url !== "/" && req.url !== "/fees") return false;
          answer("page")(req, res);
          return true;
        },
        app: answer("app"),
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const path of ["/", "/fees", "/admin/settings.data", "/api/auth/get-session", "/assets/x.js", "/admin"])
        await (await fetch(origin + path)).text();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(answered).toEqual([
      "page /",
      "page /fees",
      "app /admin/settings.data",
      "app /api/auth/get-session",
      "app /assets/x.js",
      "app /admin",
    ]);
    expect(admitted).toHaveLength(3);
    expect(visitors).toBe(2);
  });
});
