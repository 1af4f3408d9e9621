// An export an auditor can check: page X or the whole site between two moments as one file, and
// `npm run verify-archive -- FILE`, which checks it without the site or its database and names
// the first altered file.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { archivePending } from "~/features/archive/worker.server";
import { MANIFEST_FILE, packExport, readTar } from "~/features/archive/export-format.js";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { loader as exportLoader } from "~/routes/admin.archive.export";
import { testCapture } from "../support/archive-capture";
import { onEmbeddedDatabase, signUpAndGetCookie, siteRequest, useTestApp } from "../support/test-database";

const admin = { id: "export-admin", email: "export@example.com", role: "administrator" };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const second = (at: Date) => at.toISOString().slice(0, 19);

/** Runs the command as an auditor would: a process of its own, no database named anywhere. */
function verify(file: string) {
  const env = { PATH: process.env.PATH ?? "" };
  const result = spawnSync(process.execPath, ["scripts/verify-archive.js", file], { encoding: "utf8", env });
  return { code: result.status, out: result.stdout + result.stderr };
}

describe.each(onEmbeddedDatabase)("exports of the archive on %s", (kind) => {
  const app = useTestApp(kind);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "archive-export-"));
  let cookie = "";
  let start = new Date();
  const download = async (query: Record<string, string>) => {
    const request = siteRequest(`/admin/archive/export?${new URLSearchParams(query)}`, { cookie });
    return exportLoader({ request, params: {}, context: {} } as never) as Promise<Response>;
  };

  beforeAll(async () => {
    cookie = await signUpAndGetCookie(app.auth, "admin@example.com");
    const db = app.handle.db;
    const run = () => archivePending(db, { capture: testCapture, owner: "export", settleMs: 0 });
    await run();
    start = new Date();
    for (const title of ["Spring rates", "Summer rates", "Autumn rates"]) {
      await pause(1100);
      await upsertContentValue(db, { page: "home", section: "hero_title", value: title, actor: admin });
      await run();
    }
  });

  it("exports one page between two moments: its version at the start and each later one, and the whole chain verifies", async () => {
    const answer = await download({ from: second(start), to: second(new Date(Date.now() + 1000)), path: "/" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/gzip");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("content-disposition")).toMatch(
      /^attachment; filename="archive-home-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.tar\.gz"$/,
    );
    const bytes = Buffer.from(await answer.arrayBuffer());
    const files = readTar(gunzipSync(bytes));
    const manifest = JSON.parse(files.get(MANIFEST_FILE)!.toString("utf8"));
    expect(manifest.path).toBe("/");
    // The starting version and the three saves.
    expect(manifest.versions.map((version: { path: string }) => version.path)).toEqual(["/", "/", "/", "/"]);
    const bodies = manifest.versions.map((version: { file: string }) => files.get(version.file)!.toString("utf8"));
    expect(bodies.slice(1)).toEqual(["<h1>Spring rates</h1>", "<h1>Summer rates</h1>", "<h1>Autumn rates</h1>"]);
    // No other page's bytes: the chain's entries name every page's hash, the files are this page's.
    expect([...files.keys()].filter((name) => name !== MANIFEST_FILE)).toHaveLength(4);
    expect(manifest.entries.length).toBeGreaterThanOrEqual(4);
    const file = path.join(dir, "home.tar.gz");
    fs.writeFileSync(file, bytes);
    const result = verify(file);
    expect(result.out).toMatch(/verified: \d+ entries of the chain, 4 page files, every byte as recorded/);
    expect(result.code).toBe(0);
  });

  it("exports the whole site, and the command names the first altered file of a tampered export", async () => {
    const answer = await download({ from: second(start), to: second(new Date()) });
    expect(answer.status).toBe(200);
    const bytes = Buffer.from(await answer.arrayBuffer());
    const files = readTar(gunzipSync(bytes));
    const manifest = JSON.parse(files.get(MANIFEST_FILE)!.toString("utf8"));
    expect(manifest.path).toBeNull();
    expect(new Set(manifest.versions.map((version: { path: string }) => version.path))).toEqual(
      new Set([
        "/",
        "/fees",
        "/terms",
        "/404",
        "/privacy",
        "/faq",
        "/contact",
        "/business",
        "/features",
        "/home",
        "/aml-kyc",
        "/login",
        "/signup",
      ]),
    );
    const good = path.join(dir, "site.tar.gz");
    fs.writeFileSync(good, bytes);
    expect(verify(good).code).toBe(0);

    // One page's bytes changed: the command fails and names that file first.
    const feesFile = manifest.versions.find((version: { path: string }) => version.path === "/fees").file as string;
    const altered = [...files].map(([name, body]): [string, Buffer] => [
      name,
      name === feesFile ? Buffer.from("<p>/fees, cheaper</p>") : body,
    ]);
    const pageTampered = path.join(dir, "page-tampered.tar.gz");
    fs.writeFileSync(pageTampered, packExport(altered));
    const pageResult = verify(pageTampered);
    expect(pageResult.code).toBe(1);
    expect(pageResult.out).toContain(`altered. First: ${feesFile}: altered`);

    // The manifest's record of a publish changed (who did it): the entry is named.
    const rewritten = structuredClone(manifest);
    rewritten.entries[1].by = "someone-else@example.com";
    const manifestTampered = path.join(dir, "manifest-tampered.tar.gz");
    fs.writeFileSync(
      manifestTampered,
      packExport(
        [...files].map(([name, body]): [string, Buffer] => [name, name === MANIFEST_FILE ? Buffer.from(JSON.stringify(rewritten)) : body]),
      ),
    );
    const manifestResult = verify(manifestTampered);
    expect(manifestResult.code).toBe(1);
    expect(manifestResult.out).toContain(`First: ${MANIFEST_FILE}: entry ${rewritten.entries[1].id} was altered`);

    // Not an export at all.
    const junk = path.join(dir, "junk.tar.gz");
    fs.writeFileSync(junk, "not an archive");
    expect(verify(junk).code).toBe(1);
    expect(verify(path.join(dir, "missing.tar.gz")).code).toBe(2);
  });

  it("refuses a range over the stated limit, a range that ends before it begins, and bad moments, each with a message", async () => {
    const tooLong = await download({ from: "2025-01-01T00:00", to: "2026-06-01T00:00" });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).message).toBe("Период слишком длинный: одна выгрузка охватывает не больше 366 дней.");
    const backwards = await download({ from: "2026-06-01T00:00", to: "2026-01-01T00:00" });
    expect((await backwards.json()).message).toBe("Конец периода раньше его начала.");
    const bad = await download({ from: "soon", to: "2026-01-01T00:00" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/ГГГГ-ММ-ДД/);
    const unknown = await download({ from: second(start), to: second(new Date()), path: "/never-archived" });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toMatch(/не найдена/);
  });
});
