// An archived page as the "as of" view answers it: the stored bytes with a banner naming the
// moment put after <body>, its stylesheets and images served from the archive as they were
// (their references rewritten to the archive's asset route), its scripts never run.
import { messagesOf } from "~/features/admin-i18n/messages";
import { adminLanguageOf } from "~/features/admin-i18n/language";
import type { Database } from "~/platform/db.server";
import type { Person } from "~/platform/person";
import { rewriteAssetUrls } from "./assets";
import { archivedAssetLink } from "./query";
import { formatMoment, pageAsOf } from "./read.server";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Styles of the banner only (inline: the archived page's own stylesheet knows nothing of it). */
const BANNER_STYLE =
  "position:sticky;top:0;z-index:2147483647;margin:0;padding:10px 16px;background:#1f2937;color:#fff;font:600 15px/1.4 system-ui,sans-serif";

/** No script of the archived page runs (its inline scripts had a nonce of their day; its modules may be gone). */
const ARCHIVE_POLICY =
  "default-src 'none'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self' data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

export function withBanner(html: string, banner: string) {
  const note = `<p role="note" data-archive-banner style="${BANNER_STYLE}">${escapeHtml(banner)}</p>`;
  const body = /<body[^>]*>/i.exec(html);
  if (!body) return note + html;
  const at = body.index + body[0].length;
  return html.slice(0, at) + note + html.slice(at);
}

export async function archivedPageResponse(db: Database, actor: Person, path: string, at: Date, headers: Record<string, string>) {
  const m = messagesOf(adminLanguageOf(actor.language)).archive;
  const page = await pageAsOf(db, actor, path, at);
  const banner = m.banner({ at: formatMoment(at), path });
  const html =
    page.location !== null
      ? `<!DOCTYPE html><html lang="${adminLanguageOf(actor.language)}"><head><meta charset="utf-8"><title>${escapeHtml(path)}</title></head><body><main><p>${page.status} → ${escapeHtml(page.location)}</p></main></body></html>`
      : rewriteAssetUrls(page.body.toString("utf8"), new Map(page.assets.map((asset) => [asset.url, archivedAssetLink(asset.sha256)])));
  return new Response(withBanner(html, banner), {
    // The archived status is shown in the banner's page; the view itself answered.
    status: 200,
    headers: {
      ...headers,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": ARCHIVE_POLICY,
      "X-Archive-Entry": String(page.entryId),
      "X-Archive-SHA256": page.sha256,
      "X-Archive-Status": String(page.status),
    },
  });
}

/** An archived asset as the view's page loads it: its bytes of that day, private, nothing in it runs. */
export function archivedAssetResponse(asset: { type: string; body: Buffer }, headers: Record<string, string>) {
  return new Response(new Uint8Array(asset.body), {
    headers: {
      ...headers,
      "Content-Type": asset.type === "text/css" ? "text/css; charset=utf-8" : asset.type,
      // An SVG opened on its own runs nothing either.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
    },
  });
}

/** A refused "as of" view opened in the browser: the reason, and the way back to the archive's screen. */
export function refusalPage(message: string, status: number, back: string, language: string, headers: Record<string, string>) {
  const html = `<!DOCTYPE html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(message)}</title></head><body style="margin:0;background:#f8fafc;font:16px/1.5 system-ui,sans-serif;color:#0f172a"><main style="max-width:40rem;margin:4rem auto;padding:1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:12px"><h1 style="margin:0 0 1rem;font-size:1.25rem">${escapeHtml(message)}</h1><p style="margin:0"><a href="/admin/other/archive" style="color:#4338ca">${escapeHtml(back)}</a></p></main></body></html>`;
  return new Response(html, {
    status,
    headers: { ...headers, "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": ARCHIVE_POLICY },
  });
}
