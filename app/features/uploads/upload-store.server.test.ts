import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isStoreKey, localUploadStore } from "./upload-store.server";

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
});
const dataDir = () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "site-store-"));
  directories.push(directory);
  return directory;
};

describe("the upload store's keys", () => {
  it("are the site's own names under uploads/ and image-info/, never a way out", () => {
    expect(isStoreKey("uploads/hero_image_1700.png")).toBe(true);
    expect(isStoreKey("uploads/hero_image_1700-w320.webp")).toBe(true);
    expect(isStoreKey("image-info/hero_image_1700.png.json")).toBe(true);
    for (const key of [
      "uploads/../db/x",
      "uploads/.upload-1",
      "uploads/a/b.png",
      "db/pg_control",
      "/etc/passwd",
      "uploads/",
      "image-info/..json",
    ]) {
      expect([key, isStoreKey(key)]).toEqual([key, false]);
    }
  });
});

describe("the local upload store", () => {
  it("stores checked files by renaming them, lists by prefix without dot-files, reads and removes", async () => {
    const directory = dataDir();
    const store = localUploadStore(directory);
    const scratch = await store.scratchDirectory();
    expect(scratch).toBe(path.join(directory, "uploads"));
    fs.writeFileSync(path.join(scratch, ".variant-1"), "copy");
    fs.writeFileSync(path.join(scratch, ".info-1"), "{}");
    fs.writeFileSync(path.join(scratch, ".upload-1"), "image");
    await store.putFiles([
      { key: "uploads/logo_1-w320.webp", file: path.join(scratch, ".variant-1"), contentType: "image/webp" },
      { key: "image-info/logo_1.png.json", file: path.join(scratch, ".info-1"), contentType: "application/json" },
      { key: "uploads/logo_1.png", file: path.join(scratch, ".upload-1"), contentType: "image/png" },
    ]);
    fs.writeFileSync(path.join(scratch, ".upload-2"), "still being written");
    expect(await store.list("uploads/")).toEqual(["uploads/logo_1-w320.webp", "uploads/logo_1.png"]);
    expect(await store.list("uploads/logo_1-w")).toEqual(["uploads/logo_1-w320.webp"]);
    expect(await store.list("image-info/")).toEqual(["image-info/logo_1.png.json"]);
    expect((await store.read("uploads/logo_1.png"))?.toString()).toBe("image");
    expect(await store.read("uploads/logo_2.png")).toBeUndefined();
    expect(await store.open("uploads/logo_2.png")).toBeUndefined();
    await expect(store.read("uploads/../auth-secret")).rejects.toThrow(/Not an upload key/);
    await store.remove(["uploads/logo_1.png", "uploads/logo_1-w320.webp", "uploads/missing.png"]);
    expect(await store.list("uploads/")).toEqual([]);
    expect(await store.ready()).toBe(true);
  });

  it("stores all or nothing: when one file cannot be moved, those moved are removed", async () => {
    const directory = dataDir();
    const store = localUploadStore(directory);
    const scratch = await store.scratchDirectory();
    fs.writeFileSync(path.join(scratch, ".variant-1"), "copy");
    await expect(
      store.putFiles([
        { key: "uploads/logo_1-w320.webp", file: path.join(scratch, ".variant-1"), contentType: "image/webp" },
        { key: "uploads/logo_1.png", file: path.join(scratch, ".upload-gone"), contentType: "image/png" },
      ]),
    ).rejects.toMatchObject({ code: "ENOENT" });
    expect(fs.readdirSync(scratch)).toEqual([]);
  });
});
