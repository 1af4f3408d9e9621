// The public addresses of the effective dates' pages (no server code): each document's coming
// version and its earlier versions, under the locales' prefixes too (app/routes.ts builds them).
import { effectiveDocuments, isEffectiveDocument, type EffectiveDocument } from "../content/effective/keys";

/** The route table's entries: the coming version's page, and an earlier version's document. */
export const documentRoutePaths = effectiveDocuments.map((document) => ({
  document,
  upcoming: `${document}/upcoming`,
  version: `${document}/versions/:version`,
}));

/** The document an address names before `tail` (`/de/terms/upcoming` → terms); undefined for any other. */
export function documentOfPath(pathname: string, tail: "upcoming" | "versions"): EffectiveDocument | undefined {
  const segments = pathname.split("/").filter(Boolean);
  const at = segments.indexOf(tail);
  const name = at > 0 ? segments[at - 1] : undefined;
  return name !== undefined && isEffectiveDocument(name) ? name : undefined;
}

/** An earlier version's file name: `<archive entry>.html`. */
export const VERSION_FILE = /^([1-9]\d{0,9})\.html$/;
