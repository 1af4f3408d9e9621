// `npm run bench:media` (TEST_DATABASE_URL adds PostgreSQL): the media library of a site with
// 5,000 uploads by four people over two years, each used by up to three records (live, in other
// locales, or staged in a release): the library's first screen, a screen with each filter, and
// "where used" for one file, as the dashboard asks for them. Prints bench/media-library.md's table.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { mediaFiles, mediaIndexState, mediaUsages } from "~/db/schema";
import { listLibrary } from "~/features/media/library.server";
import { libraryQuerySchema } from "~/features/media/query";
import { listUsages } from "~/features/media/usage.server";
import { localUploadStore } from "~/features/uploads/upload-store.server";
import { createTestDatabase, type TestDatabaseKind } from "../../tests/support/test-database";

const FILES = Number(process.env.BENCH_FILES ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const admin = { id: "bench-admin", email: "bench@example.com", role: "administrator" };
const uploaders = ["bench-admin", "author-1", "author-2", null];
const kinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
const lines: string[] = [];

const sorted = (samples: number[]) => [...samples].sort((a, b) => a - b);
const median = (samples: number[]) => sorted(samples)[Math.floor(samples.length / 2)]!;
const p95 = (samples: number[]) => sorted(samples)[Math.min(samples.length - 1, Math.floor(samples.length * 0.95))]!;

/** Median and 95th percentile of a call's milliseconds over RUNS runs, after one to warm its plans. */
async function measure(call: () => Promise<unknown>) {
  await call();
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  return { median: median(samples), p95: p95(samples) };
}

for (const kind of kinds) {
  it(`the library of ${FILES} files on ${kind}`, async () => {
    const handle = await createTestDatabase(kind);
    const db = handle.db;
    const store = localUploadStore(fs.mkdtempSync(path.join(os.tmpdir(), "media-bench-")));
    try {
      const start = Date.parse("2025-01-01T00:00:00Z");
      const files = Array.from({ length: FILES }, (_, index) => ({
        name: `${index % 7 === 0 ? "hero" : "photo"}_${1_700_000_000_000 + index}.${index % 20 === 0 ? "pdf" : "webp"}`,
        contentType: index % 20 === 0 ? "application/pdf" : "image/webp",
        size: 40_000 + ((index * 7919) % 900_000),
        width: index % 20 === 0 ? null : 1600,
        height: index % 20 === 0 ? null : 900,
        uploadedBy: uploaders[index % uploaders.length]!,
        uploadedAt: new Date(start + index * 3 * 3_600_000),
      }));
      for (let at = 0; at < files.length; at += 500) await db.insert(mediaFiles).values(files.slice(at, at + 500));
      // Two files in three are used: by one to three records, in English or German, one use in ten staged.
      const usages = files.flatMap((file, index) =>
        index % 3 === 2
          ? []
          : Array.from({ length: 1 + (index % 3) }, (_, use) => ({
              path: `/uploads/${file.name}`,
              recordKey: `content:page_${index % 40}/image_${index}_${use}`,
              recordKind: "content",
              locale: use === 1 ? "de" : "en",
              staged: false,
            })),
      );
      for (let at = 0; at < usages.length; at += 500) await db.insert(mediaUsages).values(usages.slice(at, at + 500));
      await db.update(mediaIndexState).set({ stale: false, filesStale: false });
      if (kind === "pglite") await db.execute("analyze");

      const screen = (parameters: Record<string, string>) => () => listLibrary(db, store, admin, libraryQuerySchema.parse(parameters));
      const first = await listLibrary(db, store, admin, libraryQuerySchema.parse({}));
      expect([first.total, first.files.length]).toEqual([FILES, 48]);
      const cases: [string, Record<string, string>][] = [
        ["first screen", {}],
        ["unused files", { used: "unused" }],
        ["used files, screen 40", { used: "used", page: "40" }],
        ["search by name ('hero')", { q: "hero" }],
        ["one uploader's images", { uploader: "author-1", type: "images" }],
        ["one month", { from: "2025-06-01", to: "2025-06-30" }],
      ];
      for (const [name, parameters] of cases) {
        const figures = await measure(screen(parameters));
        lines.push(`| ${kind} | ${name} | ${figures.median.toFixed(1)} | ${figures.p95.toFixed(1)} |`);
      }
      const used = `/uploads/${files[1]!.name}`;
      expect((await listUsages(db, [used])).length).toBe(2);
      const whereUsed = await measure(() => listUsages(db, [used]));
      lines.push(`| ${kind} | "where used" for one file | ${whereUsed.median.toFixed(1)} | ${whereUsed.p95.toFixed(1)} |`);
    } finally {
      await handle.close();
    }
  });
}

afterAll(() => {
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
  console.log(`${machine}\n| database | screen | median ms | p95 ms |\n| --- | --- | --- | --- |\n${lines.join("\n")}`);
});
