import { and, desc, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import { activityEvents, contentRevisions, user, type ActivityEventRow } from "~/db/schema";
import { describeKind, type ActivityEntry, type ActivityQuery } from "~/features/activity/schema";
import { activity as ruActivity } from "~/features/admin-i18n/catalogue/ru/activity";
import type { Catalogue } from "~/features/admin-i18n/catalogue/shape";
import type { Database } from "~/platform/db.server";
import { splitKey } from "~/platform/record-key";
import { csvRow } from "~/platform/csv";

export const LOG_PAGE_SIZE = 50;
/** The most lines one CSV export holds; narrower filters export the rest. */
export const CSV_LIMIT = 100_000;

const DAY = 24 * 60 * 60 * 1000;

function filters(query: ActivityQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    query.person ? eq(activityEvents.userId, query.person) : undefined,
    query.area ? eq(activityEvents.area, query.area) : undefined,
    query.from ? gte(activityEvents.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(activityEvents.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY)) : undefined,
    query.before ? lt(activityEvents.id, query.before) : undefined,
  ];
  return and(...conditions.filter(Boolean));
}

/**
 * One page of the log, newest first. Pages are keyset pages on the id (never OFFSET), so the
 * thousandth page costs what the first does.
 */
export async function listActivity(db: Database, query: ActivityQuery, limit = LOG_PAGE_SIZE, texts: Catalogue["activity"] = ruActivity) {
  const rows = await db
    .select()
    .from(activityEvents)
    .where(filters(query))
    .orderBy(desc(activityEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { entries: await describeEvents(db, page, texts), nextBefore: rows.length > limit ? page[page.length - 1]!.id : null };
}

/** A record key's parts when the target is one (a menu item, a page content row), else undefined. */
const recordOf = (target: string | null) => (target ? splitKey(target) : undefined);
const isMenuItem = (target: string | null) => recordOf(target)?.prefix === "menu";
const isHistoryKey = (target: string | null): target is string => {
  const parts = recordOf(target);
  return parts !== undefined && (parts.prefix === "menu" || (parts.prefix === null && /^[^/]+\/[^/]+$/.test(parts.id)));
};

/**
 * Names what each event was about in words (in the catalogue's language given, Russian by
 * default); menu items by the name their revision recorded.
 */
export async function describeEvents(
  db: Database,
  events: ActivityEventRow[],
  texts: Catalogue["activity"] = ruActivity,
): Promise<ActivityEntry[]> {
  const revisionIds = events
    .filter((event) => isMenuItem(event.target))
    .map((event) => Number((event.details as { revisionId?: unknown } | null)?.revisionId))
    .filter((id) => Number.isInteger(id));
  const menuNames = new Map<number, string>();
  // In slices: a query takes at most 65535 parameters.
  for (let start = 0; start < revisionIds.length; start += 5000) {
    const revisions = await db
      .select({ id: contentRevisions.id, before: contentRevisions.before, after: contentRevisions.after })
      .from(contentRevisions)
      .where(inArray(contentRevisions.id, revisionIds.slice(start, start + 5000)));
    for (const revision of revisions) {
      const item = (revision.after ?? revision.before) as { displayName?: string } | null;
      if (item?.displayName) menuNames.set(revision.id, item.displayName);
    }
  }
  return events.map((event) => {
    const revisionId = Number((event.details as { revisionId?: unknown } | null)?.revisionId);
    return {
      id: event.id,
      at: event.createdAt.toISOString(),
      by: event.userEmail,
      kind: describeKind(event.kind, event.area, texts),
      area: event.area,
      what: describeTarget(event, menuNames.get(revisionId), texts),
      historyKey: isHistoryKey(event.target) && event.area !== "uploads" ? event.target : null,
    };
  });
}

function describeTarget(event: ActivityEventRow, menuName: string | undefined, texts: Catalogue["activity"]) {
  const target = event.target;
  if (!target) {
    const changed = (event.details as { changed?: unknown } | null)?.changed;
    return typeof changed === "number" ? texts.allContent({ changed }) : "—";
  }
  const parts = recordOf(target);
  if (parts?.prefix === "menu") return texts.menuItem({ name: menuName ?? parts.id });
  const slash = parts?.prefix === null ? parts.id.indexOf("/") : -1;
  if (parts && slash > 0 && !target.includes("@"))
    return texts.pageSection({ page: parts.id.slice(0, slash), section: parts.id.slice(slash + 1) });
  return target;
}

/** The people the log can be filtered by: every account, by e-mail. */
export function listPeople(db: Database) {
  return db.select({ id: user.id, email: user.email }).from(user).orderBy(user.email);
}

/** The filtered log as CSV (UTF-8 with a byte-order mark, so spreadsheets read Cyrillic), in the administrator's language. */
export async function activityCsv(db: Database, query: ActivityQuery, texts: Catalogue["activity"] = ruActivity) {
  const { entries } = await listActivity(db, { ...query, before: undefined }, CSV_LIMIT, texts);
  const { at, who, event, area, what } = texts.csv;
  const lines = [csvRow([at, who, event, area, what])];
  for (const entry of entries) lines.push(csvRow([entry.at, entry.by, entry.kind, entry.area, entry.what]));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
