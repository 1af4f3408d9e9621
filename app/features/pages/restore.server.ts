import { and, eq, ne, sql } from "drizzle-orm";
import { landingPages, redirects } from "~/db/schema";
import type { Actor } from "~/features/history/revisions.server";
import type { Database } from "~/platform/db.server";
import { slugMessages } from "./slug";
import { applyRecordSnapshot, parseRecordKey, type PageSnapshot, type RedirectSnapshot } from "./snapshot.server";
import { PageWriteError, writeRecord } from "./write.server";

export { parseRecordKey };

/**
 * Puts a page or a redirect back as one of its revisions recorded it (a deleted page comes back
 * under its id and address), as a new revision. Refused when its address has since been taken.
 */
export function restoreRecord(db: Database, key: string, snapshot: unknown, actor: Actor, version?: number) {
  const parsed = parseRecordKey(key);
  if (!parsed) throw new Error(`not a page or redirect key: ${key}`);
  return writeRecord<true>(db, {
    key,
    area: parsed.kind === "page" ? "pages" : "redirects",
    action: "restore",
    actor,
    version,
    change: async (transaction) => {
      if (snapshot) {
        const path = parsed.kind === "page" ? (snapshot as PageSnapshot).path : (snapshot as RedirectSnapshot).fromPath.toLowerCase();
        const [page] = await transaction
          .select({ id: landingPages.id })
          .from(landingPages)
          .where(parsed.kind === "page" ? and(eq(landingPages.path, path), ne(landingPages.id, parsed.id)) : eq(landingPages.path, path));
        const [redirect] = await transaction
          .select({ id: redirects.id })
          .from(redirects)
          .where(sql`lower(${redirects.fromPath}) = ${path} and ${redirects.id} <> ${parsed.kind === "redirect" ? parsed.id : 0}`);
        if (page || redirect) throw new PageWriteError(page ? slugMessages.page : slugMessages.redirect, 409);
      }
      await applyRecordSnapshot(transaction, key, snapshot);
      return { result: true };
    },
  });
}
