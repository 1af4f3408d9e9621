import { expect, test, workerPort } from "./support/fixtures";
import { startIsolatedServer } from "./support/isolated-server";

// Request lines are written in batches (app/platform/logger.server.ts): the ones still waiting
// when the server is told to stop must reach its output all the same.
test.describe("[OPERATIONS] request log", () => {
  test("a SIGTERM loses no request line", async () => {
    const server = await startIsolatedServer({ port: workerPort(7), env: { LOG_LEVEL: "info" } });
    // Pages from the cache, a redirect, and Express's own answers (/robots.txt); the start-up's
    // /healthz polls are left out of the count.
    const paths = ["/", "/fees", "/fees/", "/faq", "/robots.txt"];
    const sent = 600;
    try {
      for (let batch = 0; batch < sent / 50; batch++) {
        await Promise.all(
          Array.from({ length: 50 }, async (_, index) => {
            const response = await fetch(`${server.url}${paths[index % paths.length]}`, { redirect: "manual" });
            await response.arrayBuffer();
          }),
        );
      }
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"msg":"request"') && !line.includes('"path":"/healthz"'));
    expect(lines).toHaveLength(sent);
    expect(lines.filter((line) => line.includes('"status":301'))).toHaveLength(sent / paths.length);
    expect(server.output()).toContain('"msg":"server stopped"');
  });
});
