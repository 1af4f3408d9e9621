import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveAuthSecret } from "./secret";

describe("the generated auth secret", () => {
  it("is written once and then read by every server on the data directory", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-secret-"));
    const first = resolveAuthSecret(dir, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveAuthSecret(dir, undefined)).toBe(first);
    expect(fs.readdirSync(dir)).toEqual(["auth-secret"]);
    expect(fs.statSync(path.join(dir, "auth-secret")).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret(dir, "configured-secret-".padEnd(40, "x"))).toBe("configured-secret-".padEnd(40, "x"));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("replaces a file too short to be a secret", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-secret-"));
    fs.writeFileSync(path.join(dir, "auth-secret"), "short");
    const secret = resolveAuthSecret(dir, undefined);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(path.join(dir, "auth-secret"), "utf8")).toBe(secret);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
