import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { startEnvironment, startNodeOptions, withStartSettings } from "../../scripts/support/start-settings.js";

/**
 * `npm start` sets what only takes effect when node starts (scripts/support/start-settings.js);
 * the benchmarks and the end-to-end tests start their servers with the same settings, so what
 * they measure is what an operator runs.
 */
describe("the start settings", () => {
  const start = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts.start!;

  it("are the ones package.json's start script sets, an operator's own value winning", () => {
    for (const [name, value] of Object.entries(startEnvironment)) expect(start).toContain(`${name}=\${${name}:-${value}}`);
    expect(start).toContain(`NODE_OPTIONS="${startNodeOptions} \${NODE_OPTIONS:-}"`);
    expect(start).toMatch(/ node scripts\/start\.js$/);
  });

  it("put an operator's own NODE_OPTIONS after the defaults, so that theirs win", () => {
    expect(withStartSettings({ NODE_OPTIONS: "--max-semi-space-size=16", PORT: "1" })).toEqual({
      ...startEnvironment,
      PORT: "1",
      NODE_OPTIONS: `${startNodeOptions} --max-semi-space-size=16`,
    });
    expect(withStartSettings({ MALLOC_ARENA_MAX: "4" }).MALLOC_ARENA_MAX).toBe("4");
  });
});
