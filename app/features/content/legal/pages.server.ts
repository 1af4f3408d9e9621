import { LEGAL_SECTION } from "~/features/content/catalogue/legal";
import type { LegalPageName } from "~/features/content/catalogue/types";
import { getPageContent } from "~/features/content/read.server";
import { sanitizeLegalHtml } from "~/platform/sanitize.server";

/** A legal page's HTML, sanitised again before render whatever the database holds. */
export async function loadLegalPage(page: LegalPageName) {
  const content = await getPageContent(page);
  return { html: sanitizeLegalHtml(content[LEGAL_SECTION] ?? "") };
}
