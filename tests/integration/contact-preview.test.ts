// The contact form inside a release's preview: the post reaches the form's action (not a bare 403),
// the fields are checked as on the site, and nothing is stored, mailed or counted; any other post
// to a preview is still refused.
import type { AddressInfo } from "node:net";
import express from "express";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { ContactForm } from "~/components/site/contact/contact-form";
import type { PageContent } from "~/components/site/page-content";
import { CONTACT_SUCCESS_MESSAGE } from "~/features/content/catalogue/contact-form";
import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages, releases, statisticsEvents } from "~/db/schema";
import { runInPreview } from "~/features/records/preview-context.server";
import { previewCookieValue } from "~/features/releases/preview/preview-token.server";
import { createReviewLink } from "~/features/releases/preview/review-links.server";
import { PREVIEW_FORM_NOT_SENT } from "~/features/releases/preview/form-not-sent";
import { createStamp, STAMP_COOKIE } from "~/platform/hmac.server";
import * as contactRoute from "~/routes/_public.contact";
import { previewOf, previewRecognition } from "../../server/http/preview";
import { callRoute } from "../support/admin-routes";
import { onEmbeddedDatabase, useTestApp } from "../support/test-database";

const valid = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Payment Problems",
  message: "Checking the release.",
  language: "en",
};

/** The preview middleware, then the contact route's action as the router runs it (in the request's preview, if any). */
async function site() {
  const app = express();
  app.use(previewRecognition);
  app.use(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const request = new Request(`http://localhost${req.originalUrl}`, {
      method: req.method,
      headers: { "content-type": String(req.headers["content-type"] ?? ""), cookie: String(req.headers.cookie ?? "") },
      body: req.method === "POST" ? Buffer.concat(chunks) : undefined,
    });
    const preview = previewOf(res);
    const run = () => callRoute(contactRoute.action as never, request);
    const answer = await (preview ? runInPreview(preview, run) : run());
    res.status(answer.status).json(answer.body);
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.each(onEmbeddedDatabase)("the contact form in a release's preview on %s", (kind) => {
  const app = useTestApp(kind);
  let reviewer: string;
  beforeAll(async () => {
    const [release] = await app.handle.db.insert(releases).values({ name: "Spring" }).returning();
    const link = await createReviewLink(app.handle.db, { releaseId: release!.id, days: 7, actor: { id: null, email: "x" } });
    reviewer = `release_preview=${previewCookieValue({ kind: "reviewer", linkId: link!.id, expires: Date.now() + 60_000 })}`;
  });

  it("answers a reviewer's message as not sent, checks its fields, and stores, mails and counts nothing", async () => {
    const server = await site();
    try {
      // A stamp as old as a person's typing, so that only the preview can keep the message from being stored.
      const cookie = `${reviewer}; ${STAMP_COOKIE}=${createStamp(Date.now() - 10_000)}`;
      const post = (path: string, fields: Record<string, string>) =>
        fetch(`${server.base}${path}`, {
          method: "POST",
          headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields),
        });
      // The page's post (without JavaScript) and the form's data request (the hydrated page's fetcher).
      for (const path of ["/contact", "/contact.data"]) {
        const answer = await post(path, valid);
        expect(answer.status, path).toBe(200);
        expect(answer.headers.get("cache-control"), path).toBe("private, no-store");
        expect(await answer.json(), path).toEqual({
          status: "invalid",
          errors: { message: PREVIEW_FORM_NOT_SENT },
          values: { name: valid.name, email: valid.email, subject: valid.subject, message: valid.message },
        });
      }
      const invalid = await post("/contact", { ...valid, email: "not-an-address" });
      expect(invalid.status).toBe(400);
      expect(await invalid.json()).toMatchObject({ status: "invalid", errors: { email: "Please enter a valid email address" } });
      expect(await app.handle.db.select().from(contactMessages)).toEqual([]);
      expect(await app.handle.db.select().from(statisticsEvents)).toEqual([]);

      // Any other post to a preview is still refused: a preview is read-only.
      const other = await post("/fees", valid);
      expect(other.status).toBe(403);
      // Outside a preview the same post is a message.
      const live = await fetch(`${server.base}/contact`, {
        method: "POST",
        headers: { cookie: `${STAMP_COOKIE}=${createStamp(Date.now() - 10_000)}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(valid),
      });
      expect(await live.json()).toEqual({ status: "sent" });
      expect(await app.handle.db.select().from(contactMessages)).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it("says so in the form, under the message, with what was typed kept", () => {
    const actionData = {
      status: "invalid" as const,
      errors: { message: PREVIEW_FORM_NOT_SENT },
      values: { name: valid.name, email: valid.email, subject: valid.subject, message: valid.message },
    };
    const Stub = createRoutesStub([
      { path: "/contact", Component: () => createElement(ContactForm, { content: {} as PageContent, actionData }) },
    ]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/contact"] }));
    expect(html).toContain(PREVIEW_FORM_NOT_SENT);
    expect(html).toContain('value="Ada Lovelace"');
    expect(html).not.toContain(CONTACT_SUCCESS_MESSAGE.replace("'", "&#x27;"));
  });
});
