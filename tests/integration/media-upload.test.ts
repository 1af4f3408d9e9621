// The media library's own uploads (POST /admin/media/upload?name=…, one file per request), on
// the local disk and in an S3-compatible bucket: a good image is stored, catalogued with its
// uploader and logged; a file whose bytes are not an image, one too large and a role without
// uploads.create are refused with their message, and nothing is stored or catalogued.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEvents, adminUsers, mediaFiles, user } from "~/db/schema";
import { inLanguage, messagesOf } from "~/features/admin-i18n/messages";
import { listLibrary } from "~/features/media/library.server";
import { libraryQuerySchema } from "~/features/media/query";
import { stamp, stemOf, uploadToLibrary } from "~/features/media/upload.server";
import { getUploadStore, type UploadStore } from "~/features/uploads/upload-store.server";
import { parseEnv, setEnv } from "~/platform/env.server";
import { isRefusal } from "~/platform/refusal";
import { Readable } from "node:stream";
import { action, loader } from "~/routes/admin.media.upload";
import { tinyImages } from "../support/images";
import { startS3Server, type TestS3Server } from "../support/s3-server";
import { callRoute } from "../support/settings-routes";
import { onBothDatabases, signUpAndGetCookie, siteRequest, useTestApp } from "../support/test-database";

const ru = messagesOf("ru").media;

const photo = () =>
  sharp({ create: { width: 700, height: 300, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .jpeg()
    .toBuffer();

describe.each(onBothDatabases)("uploads into the media library on %s", (kind) => {
  describe.each(["disk", "s3"] as const)("with uploads on %s", (storage) => {
    const app = useTestApp(kind);
    let s3: TestS3Server | undefined;
    let store: UploadStore;
    const cookies: Record<string, string> = {};
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      if (storage === "s3") {
        s3 = await startS3Server();
        app.env = parseEnv({ NODE_ENV: "test", DATA_DIR: app.env.DATA_DIR, PORT: "3000", ...s3.env });
        setEnv(app.env);
      }
      store = getUploadStore(app.env);
      expect(store.kind).toBe(storage === "s3" ? "s3" : "local");
      // The first account is the administrator; the others get their roles.
      for (const role of ["administrator", "author", "analyst"] as const) {
        cookies[role] = await signUpAndGetCookie(app.auth, `${role}@example.com`);
        const [row] = await app.handle.db
          .select({ id: user.id })
          .from(user)
          .where(eq(user.email, `${role}@example.com`));
        ids[role] = row!.id;
        await app.handle.db
          .insert(adminUsers)
          .values({ userId: row!.id, role })
          .onConflictDoUpdate({ target: adminUsers.userId, set: { role } });
      }
    }, 60_000);
    afterAll(async () => {
      await s3?.stop();
    });

    const send = (name: string | null, body: BodyInit | null, cookie: string, headers: Record<string, string> = {}) =>
      callRoute(
        action,
        siteRequest(`/admin/media/upload${name === null ? "" : `?${new URLSearchParams({ name })}`}`, {
          method: "POST",
          body,
          cookie,
          headers,
          ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
        } as RequestInit & { cookie?: string }),
      );
    const catalogued = async () => (await app.handle.db.select().from(mediaFiles)).map((row) => row.name).sort();
    const stored = async () => (await store.list("uploads/")).sort();

    it("stores a good image, catalogues it with its uploader, logs it and the library lists it", async () => {
      const bytes = await photo();
      const answer = await send("Summer Photo.JPG", bytes, cookies.author!);
      expect(answer.status).toBe(200);
      const file = answer.body.file as { name: string; path: string; type: string; size: number };
      expect(file).toMatchObject({ type: "image/jpeg", path: `/uploads/${file.name}` });
      expect(file.name).toMatch(/^summer_photo_\d+\.jpg$/);
      // Its bytes (metadata taken out) and its WebP copies are in the store.
      expect(await stored()).toEqual(
        expect.arrayContaining([`uploads/${file.name}`, `uploads/${file.name.replace(/\.jpg$/, "")}-w640.webp`]),
      );
      const [row] = await app.handle.db.select().from(mediaFiles).where(eq(mediaFiles.name, file.name));
      expect(row).toMatchObject({ contentType: "image/jpeg", width: 700, height: 300, uploadedBy: ids.author, size: file.size });
      const [event] = await app.handle.db.select().from(activityEvents).where(eq(activityEvents.target, "media"));
      expect(event).toMatchObject({ kind: "uploads.create", area: "uploads", userId: ids.author });
      expect(event!.details).toEqual({ file: file.name, name: "Summer Photo.JPG" });
      const library = await listLibrary(
        app.handle.db,
        store,
        { id: ids.administrator!, email: "a", role: "administrator" },
        libraryQuerySchema.parse({}),
      );
      expect(library.files.find((entry) => entry.name === file.name)?.uploader).toEqual({ id: ids.author, name: "author" });
      // Files of one name sent side by side are stored under names of their own.
      const twins = await Promise.all([1, 2, 3].map(() => send("twin.png", tinyImages.png, cookies.administrator!)));
      const twinNames = twins.map((twin) => twin.body.file.name as string);
      expect(new Set(twinNames).size).toBe(3);
      for (const name of twinNames) expect(await stored()).toContain(`uploads/${name}`);
      // A PNG with a name in another alphabet gets the stem `file`.
      const other = await send("Фото.png", tinyImages.png, cookies.administrator!);
      expect(other.status).toBe(200);
      expect(other.body.file.name).toMatch(/^file_\d+\.png$/);
    });

    it.each([
      ["a text file named .png", "notes.png", Buffer.from("just some text pretending to be a picture")],
      ["an SVG", "logo.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')],
      ["a GIF's name on a PDF", "anim.gif", Buffer.from("%PDF-1.4 not a picture at all")],
    ])("refuses %s by its bytes with 415 and its message, storing and cataloguing nothing", async (_what, name, bytes) => {
      const [files, rows] = [await stored(), await catalogued()];
      const answer = await send(name, bytes, cookies.administrator!, { "content-type": "image/png" });
      expect(answer.status).toBe(415);
      expect(answer.body).toEqual({ message: ru.upload.errors.unsupported_type, code: "unsupported_type" });
      expect([await stored(), await catalogued()]).toEqual([files, rows]);
    });

    it("refuses more than 50 MB, declared up front or found while streaming, and an empty body or a bad name", async () => {
      const [files, rows] = [await stored(), await catalogued()];
      const declared = await send("big.png", tinyImages.png, cookies.administrator!, { "content-length": String(51 * 1024 * 1024) });
      expect(declared).toEqual({ status: 413, body: { message: ru.upload.errors.too_large } });
      let sent = 0;
      const chunk = new Uint8Array(1024 * 1024);
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += 1;
          if (sent === 1) controller.enqueue(new Uint8Array(tinyImages.png));
          else if (sent <= 52) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const streamed = await send("big.png", stream, cookies.administrator!);
      expect(streamed).toEqual({ status: 413, body: { message: ru.upload.errors.too_large, code: "too_large" } });
      expect((await send("empty.png", null, cookies.administrator!)).body).toEqual({ message: ru.upload.errors.empty, code: "empty" });
      for (const name of [null, "", "../../etc/passwd", "a\\b.png", "x".repeat(300)])
        expect(await send(name, tinyImages.png, cookies.administrator!), String(name)).toEqual({
          status: 400,
          body: { message: ru.invalidName },
        });
      expect([await stored(), await catalogued()]).toEqual([files, rows]);
    });

    it("refuses a role without uploads.create with 403 in the route and in the feature, and anonymous requests with 401", async () => {
      const [files, rows] = [await stored(), await catalogued()];
      const refused = await send("photo.png", tinyImages.png, cookies.analyst!);
      expect(refused.status).toBe(403);
      expect((await callRoute(loader, siteRequest("/admin/media/upload", { cookie: cookies.analyst! }))).status).toBe(403);
      expect(
        (await callRoute(action, siteRequest("/admin/media/upload?name=a.png", { method: "POST", body: tinyImages.png }))).status,
      ).toBe(401);
      expect((await callRoute(loader, siteRequest("/admin/media/upload", { cookie: cookies.author! }))).status).toBe(405);
      // The feature refuses it too, whatever route calls it.
      const error = await uploadToLibrary(
        app.handle.db,
        store,
        { id: ids.analyst!, email: "analyst@example.com", role: "analyst" },
        Readable.from([tinyImages.png]),
        {
          name: "photo.png",
          dataDir: app.env.DATA_DIR,
        },
      ).catch((thrown: unknown) => thrown);
      expect(isRefusal(error) && error.status).toBe(403);
      expect([await stored(), await catalogued()]).toEqual([files, rows]);
    });
  });
});

describe("a library upload's answers", () => {
  it("are shown in the dashboard's language: each Russian text has its English twin", () => {
    const en = messagesOf("en").media;
    for (const [code, text] of Object.entries(ru.upload.errors))
      expect(inLanguage("en", text), code).toBe(en.upload.errors[code as keyof typeof en.upload.errors]);
    expect(inLanguage("en", ru.invalidName)).toBe(en.invalidName);
  });

  it("is the browser's name's stem in lower case, letters and digits joined by _", () => {
    expect(stemOf("Summer Photo (1).JPG")).toBe("summer_photo_1");
    expect(stemOf("Фото.png")).toBe("file");
    expect(stemOf(".png")).toBe("file");
    expect(stemOf(`${"a".repeat(39)} b c.png`)).toBe("a".repeat(39));
    // Its time is never the same twice, even within one millisecond.
    const stamps = Array.from({ length: 100 }, () => stamp());
    expect(new Set(stamps).size).toBe(100);
  });
});
