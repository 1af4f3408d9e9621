import { LEGAL_SECTION } from "~/content/legal";
import type { LegalPageName } from "~/content/types";
import { getPageContent } from "./content.server";
import { sanitizeLegalHtml } from "./sanitize.server";

/** A legal page's HTML, sanitised again before render whatever the database holds. */
export async function loadLegalPage(page: LegalPageName) {
  const content = await getPageContent(page);
  return { html: sanitizeLegalHtml(content[LEGAL_SECTION] ?? "") };
}
