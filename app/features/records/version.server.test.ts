import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "~/platform/db.server";
import { addContentReader, advanceContentVersion, clearContentCache, getContentVersion, onContentChange } from "./version.server";

const db = {} as Database;

/** A part that keeps one value, read ahead from `next()` (a test sets what the database holds). */
function keeper(next: () => Promise<string>, tables?: readonly string[]) {
  const part = { kept: "first" as string | undefined, drops: 0 };
  const remove = addContentReader({
    name: "test part",
    tables,
    async prepare() {
      const value = await next();
      return () => (part.kept = value);
    },
    drop() {
      part.kept = undefined;
      part.drops += 1;
    },
  });
  cleanups.push(remove);
  return part;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((resolved, rejected) => {
    resolve = resolved;
    reject = rejected;
  });
  return { promise, resolve, reject };
}

const cleanups: (() => unknown)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe("content versions", () => {
  it("keeps the current version while the next one is read, then changes with every part's values in place", async () => {
    const read = deferred<string>();
    const part = keeper(() => read.promise);
    const seen: (string | undefined)[] = [];
    cleanups.push(onContentChange(() => seen.push(part.kept)));
    const before = getContentVersion();

    const advancing = advanceContentVersion(db);
    await Promise.resolve();
    // Visitors are still answered from the current version.
    expect(getContentVersion()).toBe(before);
    expect(part.kept).toBe("first");
    expect(seen).toEqual([]);

    read.resolve("second");
    await advancing;
    expect(getContentVersion()).toBe(before + 1);
    // The listeners (the page cache's re-renders) find the new values already there.
    expect(seen).toEqual(["second"]);
  });

  it("drops a change that ends after a later one: the later one read after it began", async () => {
    const reads = [deferred<string>(), deferred<string>()];
    let call = 0;
    const part = keeper(() => reads[call++]!.promise);
    const before = getContentVersion();

    const older = advanceContentVersion(db);
    const newer = advanceContentVersion(db);
    reads[1]!.resolve("newer");
    await newer;
    expect(part.kept).toBe("newer");
    reads[0]!.resolve("older");
    await older;
    expect(part.kept).toBe("newer");
    expect(getContentVersion()).toBe(before + 1);
  });

  it("a part whose read fails drops what it keeps, and the version still changes", async () => {
    const part = keeper(() => Promise.reject(new Error("connection lost")));
    const other = keeper(() => Promise.resolve("read"));
    const before = getContentVersion();
    await advanceContentVersion(db);
    expect(getContentVersion()).toBe(before + 1);
    expect(part).toMatchObject({ kept: undefined, drops: 1 });
    expect(other).toMatchObject({ kept: "read", drops: 0 });
  });

  it("clearing drops every part at once, and a change begun before it no longer lands", async () => {
    const read = deferred<string>();
    const part = keeper(() => read.promise);
    const advancing = advanceContentVersion(db);
    clearContentCache();
    expect(part).toMatchObject({ kept: undefined, drops: 1 });
    const cleared = getContentVersion();
    read.resolve("stale");
    await advancing;
    expect(part.kept).toBeUndefined();
    expect(getContentVersion()).toBe(cleared);
  });

  it("a change that names the tables it wrote spares the parts that read none of them, and reads the rest", async () => {
    let reads = { addresses: 0, pages: 0 };
    const addresses = keeper(async () => `addresses ${++reads.addresses}`, ["landing_pages", "redirects"]);
    const pages = keeper(async () => `pages ${++reads.pages}`, ["page_content"]);
    const everything = keeper(async () => "read again");
    const before = getContentVersion();

    await advanceContentVersion(db, ["page_content"]);
    expect(getContentVersion()).toBe(before + 1);
    expect(reads).toEqual({ addresses: 0, pages: 1 });
    expect([addresses.kept, pages.kept, everything.kept]).toEqual(["first", "pages 1", "read again"]);
    expect(addresses.drops).toBe(0);

    await advanceContentVersion(db, ["redirects"]);
    expect([addresses.kept, pages.kept]).toEqual(["addresses 1", "pages 1"]);
    // A change that does not say what it wrote (another instance's, a restore) reads every part.
    reads = { addresses: 0, pages: 0 };
    await advanceContentVersion(db);
    expect(reads).toEqual({ addresses: 1, pages: 1 });
  });

  it("a change made while another is being read reads every part, so the other's values are not lost if it is dropped", async () => {
    const reads = [deferred<string>(), deferred<string>()];
    let call = 0;
    const addresses = keeper(() => reads[call++]!.promise, ["redirects"]);

    // A redirect is saved, then a setting before the redirect's change has been read.
    const redirectSaved = advanceContentVersion(db, ["redirects"]);
    const settingSaved = advanceContentVersion(db, ["page_content"]);
    reads[1]!.resolve("with the new redirect");
    await settingSaved;
    reads[0]!.resolve("with the new redirect, read first");
    await redirectSaved;
    expect(addresses.kept).toBe("with the new redirect");
  });
});
