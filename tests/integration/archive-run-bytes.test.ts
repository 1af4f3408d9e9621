// What an archive run holds and reads: it hashes each stylesheet and image once, reads again
// only the bytes it has to store (so its memory follows the change, not the size of the site's
// images), refuses to store bytes that changed after it hashed them, and refuses to name bytes
// that retention removed meanwhile. A refused run appends nothing; the next one archives.
import { count, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { archiveBlobs, archiveEntries, archiveOutbox } from "~/db/schema";
import type { ArchiveAssetSource } from "~/features/archive/asset-source.server";
import type { ArchiveCapture } from "~/features/archive/capture.server";
import { sha256Hex } from "~/features/archive/format.js";
import { storeBlobs } from "~/features/archive/page-assets.server";
import { archivePending } from "~/features/archive/worker.server";
import { getPageContent } from "~/features/content/read.server";
import { upsertContentValue } from "~/features/content/settings/settings.server";
import { onEmbeddedDatabase, useTestApp } from "../support/test-database";

const admin = { id: "bytes-admin", email: "bytes@example.com", role: "administrator" };

/** Every page names the stylesheet and the photo; `/` shows the hero title. */
const capture: ArchiveCapture = {
  async render(path) {
    const title = path === "/" ? String((await getPageContent("home")).hero_title ?? "") : path;
    const html = `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/site.css"></head><body><h1>${title}</h1><img src="/uploads/photo.png" alt=""></body></html>`;
    return { status: 200, body: Buffer.from(html) };
  },
};

describe.each(onEmbeddedDatabase)("the bytes an archive run reads and keeps on %s", (kind) => {
  const app = useTestApp(kind);
  /** Every read of the source, by address, since the last `reads.length = 0`. */
  const reads: string[] = [];
  /** The photo's bytes for each of its reads: the first entry for the next read, and so on; the last one stays. */
  let photo: Buffer[] = [Buffer.from("photo one")];
  const source: ArchiveAssetSource = {
    async read(url) {
      reads.push(url);
      if (url === "/assets/site.css") return { bytes: Buffer.from("h1{color:navy}"), type: "text/css" };
      if (url !== "/uploads/photo.png") return undefined;
      const bytes = photo.length > 1 ? photo.shift()! : photo[0]!;
      return { bytes, type: "image/png" };
    },
  };
  const run = () => archivePending(app.handle.db, { capture, assets: source, owner: "bytes", settleMs: 0 });
  const publish = (title: string) => upsertContentValue(app.handle.db, { page: "home", section: "hero_title", value: title, actor: admin });
  const readsOf = (url: string) => reads.filter((read) => read === url).length;
  const entries = async () => (await app.handle.db.select({ n: count() }).from(archiveEntries))[0]!.n;
  const storedPhoto = async (bytes: string) =>
    (
      await app.handle.db
        .select()
        .from(archiveBlobs)
        .where(eq(archiveBlobs.sha256, sha256Hex(Buffer.from(bytes))))
    ).length;

  beforeAll(async () => {
    await publish("First");
    expect(await run()).toBeGreaterThan(0);
  });

  it("reads an asset already stored once, to hash it, and a new one a second time, to store it", async () => {
    reads.length = 0;
    await publish("Second");
    expect(await run()).toBe(1);
    // Every page names both assets; each address is read once for the run, and not again.
    expect(readsOf("/assets/site.css")).toBe(1);
    expect(readsOf("/uploads/photo.png")).toBe(1);

    reads.length = 0;
    photo = [Buffer.from("photo two")];
    await publish("Third");
    expect(await run()).toBe(1);
    // The photo's new bytes are read again to be stored; the stylesheet, stored, is not.
    expect(readsOf("/assets/site.css")).toBe(1);
    expect(readsOf("/uploads/photo.png")).toBe(2);
    expect(await storedPhoto("photo two")).toBe(1);
  });

  it("refuses to store an image replaced after the run hashed it, appends nothing, and archives it on the next run", async () => {
    const before = await entries();
    // Hashed as "photo three", then replaced by "photo four" before the run reads it to store it.
    photo = [Buffer.from("photo three"), Buffer.from("photo four")];
    await publish("Fourth");
    await expect(run()).rejects.toThrow(/\/uploads\/photo\.png changed while it was archived/);
    expect(await entries()).toBe(before);
    expect(await app.handle.db.select().from(archiveOutbox).where(isNull(archiveOutbox.doneAt))).toHaveLength(1);
    expect(await storedPhoto("photo three")).toBe(0);

    expect(await run()).toBe(1);
    expect(await entries()).toBe(before + 1);
    expect(await storedPhoto("photo four")).toBe(1);
  });

  it("refuses to name bytes found stored that were removed before the run's transaction", async () => {
    const gone = sha256Hex(Buffer.from("bytes retention removed"));
    await expect(app.handle.db.transaction((tx) => storeBlobs(tx, new Map(), [gone]))).rejects.toThrow(/removed meanwhile/);
  });
});
