import type { Actor } from "~/features/records/revisions.server";
import { tryParseKey } from "~/features/records/kinds";
import type { Database } from "~/platform/db.server";
import { pagesAsLeft } from "./pages.server";
import { redirectsAsLeft } from "./redirects.server";
import { slugMessages } from "./slug";
import { isPageTranslation, translationsOf, type PageSnapshot, type RedirectSnapshot } from "./internal/records.server";
import { pageMessages } from "./schema";
import { PageWriteError, writeRecord } from "./internal/write.server";

/** `page:12` → { kind: "page", id: 12 }; undefined for keys of other features. */
export function parseRecordKey(text: string): { kind: "page" | "redirect"; id: number } | undefined {
  const key = tryParseKey(text);
  if (key?.kind === "landing-page") return { kind: "page", id: Number(key.id) };
  if (key?.kind === "redirect") return { kind: "redirect", id: Number(key.id) };
  return undefined;
}

/**
 * Puts a page or a redirect back as one of its revisions recorded it (a deleted page comes back
 * under its id and address), as a new revision. Refused when its address has since been taken.
 */
export function restoreRecord(db: Database, key: string, snapshot: unknown, actor: Actor, version?: number) {
  const parsed = tryParseKey(key);
  if (!parsed || !parseRecordKey(key)) throw new Error(`not a page or redirect key: ${key}`);
  const isPage = parsed.kind === "landing-page";
  return writeRecord<true>(db, {
    key: parsed,
    action: "restore",
    actor,
    version,
    change: async (context) => {
      if (snapshot && isPageTranslation(snapshot)) {
        // A page's version in a locale: its address must still be free in that locale.
        const taken = translationsOf(await context.list("landing-page"), snapshot.locale).some(
          (version) => version.path === snapshot.path && version.id !== snapshot.id,
        );
        if (taken) throw new PageWriteError(pageMessages.pathTakenInLocale, 409);
      } else if (snapshot) {
        const path = isPage ? (snapshot as PageSnapshot).path : (snapshot as RedirectSnapshot).fromPath.toLowerCase();
        const id = Number(parsed.id);
        const page = (await pagesAsLeft(context)).find((row) => row.path === path && (!isPage || row.id !== id));
        const redirect = (await redirectsAsLeft(context)).find((row) => row.fromPath.toLowerCase() === path && (isPage || row.id !== id));
        if (page || redirect) throw new PageWriteError(page ? slugMessages.page : slugMessages.redirect, 409);
      }
      return { result: true, after: (snapshot as { id: number } | null) ?? null };
    },
  });
}
