import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pageContent } from "~/db/schema";
import { getSettings } from "~/features/content/read.server";
import { uploadsDirectory } from "~/features/uploads/storage.server";
import { uploadMessages } from "~/features/uploads/schema";
import { action, loader } from "~/routes/admin.upload";
import { siteRequest, onEmbeddedDatabase, useAdminAndMember, useTestApp } from "../support/test-database";
import { callRoute } from "../support/settings-routes";
import { tinyImages } from "../support/images";

// Smallest valid files of each accepted kind.
const images = tinyImages;

describe.each(onEmbeddedDatabase)("image upload action on %s", (kind) => {
  const app = useTestApp(kind);
  const signedIn = useAdminAndMember(app);

  const upload = (query: string, body: BodyInit | null, options: { cookie?: string; headers?: Record<string, string> } = {}) =>
    callRoute(
      action,
      siteRequest(`/admin/upload?${query}`, {
        method: "POST",
        body,
        cookie: options.cookie ?? signedIn.admin,
        headers: options.headers,
        ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
      } as RequestInit & { cookie?: string }),
    );
  const remove = (query: string, cookie = signedIn.admin) =>
    callRoute(action, siteRequest(`/admin/upload?${query}`, { method: "DELETE", cookie }));
  const row = async (page: string, section: string) =>
    (
      await app.handle.db
        .select()
        .from(pageContent)
        .where(and(eq(pageContent.pageName, page), eq(pageContent.sectionName, section)))
    )[0];
  const storedFiles = () => (fs.existsSync(uploadsDirectory(app.env.DATA_DIR)) ? fs.readdirSync(uploadsDirectory(app.env.DATA_DIR)) : []);

  it("refuses anonymous and non-admin uploads and removals", async () => {
    expect((await callRoute(action, siteRequest("/admin/upload?section=favicon_url", { method: "POST", body: images.png }))).status).toBe(
      401,
    );
    expect((await upload("section=favicon_url", images.png, { cookie: signedIn.member })).status).toBe(403);
    expect((await remove("section=favicon_url", signedIn.member)).status).toBe(403);
    expect((await callRoute(loader, siteRequest("/admin/upload"))).status).toBe(401);
    expect((await callRoute(loader, siteRequest("/admin/upload", { cookie: signedIn.member }))).status).toBe(403);
    expect((await callRoute(loader, siteRequest("/admin/upload", { cookie: signedIn.admin }))).status).toBe(405);
    expect(storedFiles()).toEqual([]);
    expect(await row("global", "favicon_url")).toBeUndefined();
  });

  it.each(Object.entries(images))(
    "stores a %s, points the setting at it (creating the row) and the site reads it",
    async (extension, bytes) => {
      await getSettings();
      const answer = await upload("section=visa_logo_url", bytes);
      expect(answer.status).toBe(200);
      expect(answer.body.url).toMatch(new RegExp(`^/uploads/visa_logo_url_\\d+\\.${extension}$`));
      const fileName = path.basename(answer.body.url as string);
      expect(fs.readFileSync(path.join(uploadsDirectory(app.env.DATA_DIR), fileName)).equals(bytes)).toBe(true);
      expect(await row("global", "visa_logo_url")).toMatchObject({ contentValue: answer.body.url, contentType: "image" });
      expect((await getSettings()).visa_logo_url).toBe(answer.body.url);
    },
  );

  it("removing sets the value to an empty string, so the site falls back to its default", async () => {
    expect((await remove("section=visa_logo_url")).body).toEqual({ url: "" });
    expect((await row("global", "visa_logo_url"))?.contentValue).toBe("");
    expect((await getSettings()).visa_logo_url).toBe("");
  });

  it.each([
    ["a text file named .png", Buffer.from("just some text pretending to be a picture"), { "content-type": "image/png" }],
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'), { "content-type": "image/svg+xml" }],
  ])("refuses %s by its bytes with 415, keeping nothing", async (_name, bytes, headers) => {
    const before = storedFiles();
    const answer = await upload("section=favicon_url", bytes, { headers });
    expect(answer.status).toBe(415);
    expect(answer.body.message).toBe(uploadMessages.unsupported_type);
    expect(storedFiles()).toEqual(before);
    expect(await row("global", "favicon_url")).toBeUndefined();
  });

  it("refuses more than 50 MB, whether declared up front or only found while streaming", async () => {
    const declared = await upload("section=og_image_url", images.png, { headers: { "content-length": String(51 * 1024 * 1024) } });
    expect(declared.status).toBe(413);
    expect(declared.body.message).toBe(uploadMessages.too_large);
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        if (sent === 1) controller.enqueue(new Uint8Array(images.png));
        else if (sent <= 52) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const streamed = await upload("section=og_image_url", stream);
    expect(streamed.status).toBe(413);
    expect(streamed.body.message).toBe(uploadMessages.too_large);
    expect(storedFiles().filter((name) => name.startsWith("og_image_url"))).toEqual([]);
    expect(await row("global", "og_image_url")).toBeUndefined();
  });

  it.each([
    ["section=primary_color", uploadMessages.not_an_image_slot],
    ["section=company_name", uploadMessages.not_an_image_slot],
    ["section=not_a_setting", uploadMessages.not_an_image_slot],
    ["section=../../etc/passwd", uploadMessages.invalid_key],
    ["section=favicon_url&page=../x", uploadMessages.invalid_key],
    ["", uploadMessages.invalid_key],
  ])("refuses the target %j with 400", async (query, message) => {
    const answer = await upload(query, images.png);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(await row("global", "primary_color")).toBeUndefined();
  });

  it("takes images for a page's image keys and for image rows added in the site content tab", async () => {
    const hero = await upload("page=home&section=hero_image", images.webp);
    expect(hero.status).toBe(200);
    expect((await row("home", "hero_image"))?.contentValue).toBe(hero.body.url);
    expect((await upload("page=home&section=custom_banner", images.png)).status).toBe(400);
    await app.handle.db
      .insert(pageContent)
      .values({ pageName: "home", sectionName: "custom_banner", contentType: "image", contentValue: "" });
    const custom = await upload("page=home&section=custom_banner", images.png);
    expect(custom.status).toBe(200);
    expect((await row("home", "custom_banner"))?.contentValue).toBe(custom.body.url);
  });
});
