import { findKey } from "~/features/content/catalogue/catalogue";
import { getContentRow } from "~/features/content/settings/settings.server";
import type { Database } from "~/platform/db.server";

/**
 * Whether a content value holds an image: the catalogue says so, or (for keys added in the site
 * content tab) its row is of type image; a colour or a text can never be pointed at a file.
 */
export async function holdsImage(db: Database, page: string, section: string) {
  const known = findKey(page, section);
  if (known) return known.type === "image";
  if (page === "global") return false;
  return (await getContentRow(db, page, section))?.contentType === "image";
}
