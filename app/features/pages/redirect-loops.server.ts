// Every redirect that can answer an address, for the loop check: the redirects, and the 302 of
// each page that is not published and has a redirect chosen (landing_pages.unpublished_redirect).
import type { WriteContext } from "~/features/records/write.server";
import { getEnv } from "~/platform/env.server";
import { defaultPagesOf, type RedirectSnapshot } from "./internal/records.server";
import { PageWriteError } from "./internal/write.server";
import { addressKey, leadsToLoop } from "./address-key";
import { slugMessages } from "./slug";

export interface AnsweringChange {
  /** A redirect being rewritten or removed: its stored row is left out. */
  skipRedirectId?: number;
  /** A page whose redirect is being set: its stored one is left out. */
  skipPageId?: number;
  /** The change itself: the address it makes answer with a redirect, and the target. */
  from: string;
  to: string;
}

/** The redirects answering once `change` is made (as the write's target leaves them: live, or a release over live), keyed by the address each answers. */
export async function answeringRedirects(context: WriteContext, change: AnsweringChange): Promise<Map<string, string>> {
  const answering = new Map<string, string>();
  const rows = [...(await context.list("redirect")).values()] as RedirectSnapshot[];
  const pages = defaultPagesOf(await context.list("landing-page")).filter(
    (page) => page.unpublishedRedirect && page.status !== "published",
  );
  for (const row of rows) if (row.id !== change.skipRedirectId) setKey(answering, row.fromPath, row.toPath);
  for (const page of pages)
    if (page.id !== change.skipPageId && page.unpublishedRedirect) setKey(answering, page.path, page.unpublishedRedirect);
  setKey(answering, change.from, change.to);
  return answering;
}

function setKey(answering: Map<string, string>, from: string, to: string) {
  const key = addressKey(from);
  if (key !== undefined) answering.set(key, to);
}

/** Refuses a change after which the address it answers leads round in a loop (`field` names the form's field). */
export async function refuseLoop(context: WriteContext, change: AnsweringChange, field: "toPath" | "redirectTo" | "path" | "endRedirect") {
  // `https://<the site>/a` leads back to `/a` as surely as `/a` does.
  if (leadsToLoop(await answeringRedirects(context, change), change.from, getEnv().PUBLIC_URL))
    throw new PageWriteError(slugMessages.loop, 400, { [field]: [slugMessages.loop] });
}
