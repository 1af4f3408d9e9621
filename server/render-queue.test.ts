import { describe, expect, test } from "vitest";
import { createRenderQueue, isPublicPageRequest } from "./render-queue";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("the render queue", () => {
  test("runs no more than its limit at once and starts the rest in arrival order", async () => {
    const run = createRenderQueue(2);
    const started: number[] = [];
    const release: (() => void)[] = [];
    let active = 0;
    let mostActive = 0;
    const results = [0, 1, 2, 3, 4].map((index) =>
      run(async () => {
        started.push(index);
        active += 1;
        mostActive = Math.max(mostActive, active);
        await new Promise<void>((resolve) => release.push(resolve));
        active -= 1;
        return index;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    release.shift()?.();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    while (started.length < 5 || release.length > 0) {
      release.shift()?.();
      await tick();
    }
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(mostActive).toBe(2);
  });

  test("a task that fails passes its error on and frees its place", async () => {
    const run = createRenderQueue(1);
    await expect(run(() => Promise.reject(new Error("render failed")))).rejects.toThrow("render failed");
    await expect(run(() => Promise.resolve("next page"))).resolves.toBe("next page");
  });
});

describe("which requests are queued", () => {
  test.each([
    ["GET", "/", true],
    ["HEAD", "/fees", true],
    ["GET", "/faq?x=1", true],
    ["GET", "/fees.data", true],
    ["GET", "/administration-fees", true],
    ["POST", "/contact", false],
    ["GET", "/admin", false],
    ["GET", "/admin/content", false],
    ["GET", "/admin.data", false],
    ["GET", "/api/auth/get-session", false],
  ])("%s %s → %s", (method, url, queued) => {
    expect(isPublicPageRequest({ method, url })).toBe(queued);
  });
});
