import type { ContentRevisionRow } from "~/db/schema";
import type { RevisionView } from "~/features/history/schema";
import { tryParseKey } from "~/features/records/kinds";
import { sanitizeLegalHtml } from "~/platform/sanitize.server";

/** The shapes of the values revisions record, as far as this view reads them. */
type MenuSnapshot = { displayName: string; url: string; menuType: string; sortOrder: number; isActive: boolean };
type ContentSnapshot = { contentType: string; contentValue: string; pageUrl: string | null };

const menuText = (item: MenuSnapshot) =>
  `${item.displayName} → ${item.url} (${item.menuType === "header" ? "шапка" : "подвал"}, порядок ${item.sortOrder}${item.isActive ? "" : ", скрыт"})`;

/** Menu items, landing pages and redirects read as one line each. */
const kindOf = (key: string) => tryParseKey(key)?.kind;
const isRecordKey = (key: string) => kindOf(key) === "landing-page" || kindOf(key) === "redirect";

function recordText(snapshot: unknown): string {
  const record = snapshot as { title?: string; path?: string; status?: string; fromPath?: string; toPath?: string };
  if (record.fromPath !== undefined) return `${record.fromPath} → ${record.toPath}`;
  return `${record.title} (${record.path}, ${record.status})`;
}

function displayOf(key: string, snapshot: ContentSnapshot | null): RevisionView["display"] {
  if (kindOf(key) === "menu-item" || isRecordKey(key)) return "menu";
  if (snapshot?.contentType === "image") return "image";
  if (kindOf(key) === "legal-page" || snapshot?.contentType === "rich_text") return "html";
  return "text";
}

function valueOf(key: string, snapshot: unknown, display: RevisionView["display"]): string | null {
  if (snapshot === null || snapshot === undefined) return null;
  if (kindOf(key) === "menu-item") return menuText(snapshot as MenuSnapshot);
  if (isRecordKey(key)) return recordText(snapshot);
  const row = snapshot as ContentSnapshot;
  if (row.pageUrl) return row.pageUrl;
  // Stored HTML was sanitised on save; it is sanitised again before it is shown.
  return display === "html" ? sanitizeLegalHtml(row.contentValue) : row.contentValue;
}

/** A revision as the dashboard shows it: values in words, HTML sanitised, no account ids. */
export function revisionView(revision: ContentRevisionRow): RevisionView {
  const display = displayOf(revision.key, (revision.after ?? revision.before) as ContentSnapshot | null);
  return {
    id: revision.id,
    key: revision.key,
    action: revision.action,
    at: revision.createdAt.toISOString(),
    by: revision.userEmail,
    display,
    before: valueOf(revision.key, revision.before, display),
    after: valueOf(revision.key, revision.after, display),
    groupId: revision.groupId,
  };
}
