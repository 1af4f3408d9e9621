import net from "node:net";
import { describe, expect, test } from "vitest";
import { createRenderQueue, isPublicPageRequest } from "./render-queue";
import { countLoopTurns } from "../../tests/support/loop-turns";

const tick = () => new Promise((resolve) => setImmediate(resolve));
/** A few turns of the event loop: the queue hands a freed place on in the next turn. */
const settle = async () => {
  for (let turn = 0; turn < 3; turn++) await tick();
};

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
    await settle();
    expect(started).toEqual([0, 1, 2]);
    while (started.length < 5 || release.length > 0) {
      release.shift()?.();
      await settle();
    }
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(mostActive).toBe(2);
  });

  test("the next in line starts after the server has read its sockets again, ahead of what they bring", async () => {
    // A request read while a render runs is read before the next render starts, and joins the line behind it.
    const run = createRenderQueue(1);
    const events: string[] = [];
    let active = 0;
    let mostActive = 0;
    const render = (name: string, work: () => Promise<void> = () => Promise.resolve()) =>
      run(async () => {
        events.push(`${name} render started`);
        active += 1;
        mostActive = Math.max(mostActive, active);
        await work();
        active -= 1;
      });
    let third: Promise<void> | undefined;
    const server = net.createServer((socket) =>
      socket.on("data", () => {
        events.push("request read");
        third = render("third");
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const client = net.connect((server.address() as net.AddressInfo).port, "127.0.0.1");
    await new Promise((resolve) => client.once("connect", resolve));
    try {
      let finishFirst!: () => void;
      const first = render("first", () => new Promise<void>((resolve) => (finishFirst = resolve)));
      const second = render("second");
      await tick();
      client.write("GET / HTTP/1.1\r\n\r\n");
      finishFirst();
      await Promise.all([first, second]);
      await third;
      expect(events).toEqual(["first render started", "request read", "second render started", "third render started"]);
      expect(mostActive).toBe(1);
    } finally {
      client.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test("starts no more than its limit per turn of the event loop, even when each task finishes at once", async () => {
    // Requests read in one poll phase: started from their read callbacks, renders that need no
    // I/O would all run back to back before the server read its sockets again.
    const run = createRenderQueue(1);
    const turns = countLoopTurns();
    const startedInTurn: number[] = [];
    const renders: Promise<void>[] = [];
    let accepted = 0;
    const server = net.createServer((socket) => {
      accepted += 1;
      socket.on("data", () => renders.push(run(async () => void startedInTurn.push(turns.current()))));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as net.AddressInfo).port;
    const clients = [0, 1, 2].map(() => net.connect(port, "127.0.0.1"));
    try {
      while (accepted < 3) await tick();
      await tick();
      for (const client of clients) client.write("GET / HTTP/1.1\r\n\r\n");
      while (renders.length < 3) await tick();
      await Promise.all(renders);
      expect(startedInTurn).toHaveLength(3);
      expect(new Set(startedInTurn).size).toBe(3);
    } finally {
      turns.stop();
      for (const client of clients) client.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
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
