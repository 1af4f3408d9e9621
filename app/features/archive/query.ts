// The archive screens' query string: a page's address and a moment (UTC, to the minute), checked
// before anything is read. Non-server: the screen builds its links with the same names.
import { z } from "zod";
import { activityAreas } from "~/features/activity/schema";

export const archiveQueryNames = { path: "path", at: "at", from: "from", to: "to", sha256: "sha256" } as const;

/** The asset route's query string: an archived stylesheet's or image's SHA-256 (hex). */
export const archiveAssetQuerySchema = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/) });

/** Where the "as of" view serves an archived asset (private, access-checked like the page). */
export const archivedAssetLink = (sha256: string) => `/admin/archive/asset?${archiveQueryNames.sha256}=${sha256}`;

/** The longest range one export covers (the screen states it; the export refuses a longer one). */
export const EXPORT_LIMIT_DAYS = 366;

/** `YYYY-MM-DDTHH:MM` (seconds allowed), read as UTC; what a datetime-local field sends. A minute or a second means its end. */
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?Z?$/;

export function parseMoment(text: string | null): Date | undefined {
  if (!text || text.length > 40 || !MOMENT.test(text)) return undefined;
  const at = new Date(text.endsWith("Z") ? text : `${text}Z`);
  if (Number.isNaN(at.getTime())) return undefined;
  // An impossible date (31 February) rolls over in Date: refuse it.
  if (at.toISOString().slice(0, 16) !== text.slice(0, 16)) return undefined;
  // A moment given to the minute (or the second) is all of it: what was served by its end. The
  // screen links a version by its second, and the version was archived within that second.
  const given = text.replace(/Z$/, "").length;
  return given === 16 ? new Date(at.getTime() + 59_999) : given === 19 ? new Date(at.getTime() + 999) : at;
}

/** A public address as the archive stores it: a path of at most 2,000 characters, no control characters. */
export const archivePathSchema = z
  .string()
  .max(2000)
  .regex(/^\/\S*$/u)
  .refine((path) => ![...path].some((character) => character.charCodeAt(0) < 32 || character.charCodeAt(0) === 127));

/** One version of a page in its timeline (the screen lists them). */
export interface PageVersion {
  entryId: number;
  at: string;
  kind: string;
  by: string | null;
  /** Who published (their id, for the activity log's filter); null for the site itself. */
  userId: string | null;
  releaseId: number | null;
  groupId: string | null;
  status: number;
  sha256: string;
  /**
   * The cutoff (ISO) of the retention checkpoint that keeps this version: the one in force at
   * the cutoff, whose entry retention removed (opened as of the cutoff); null for a kept entry.
   */
  keptByCheckpoint: string | null;
}

/** What a version in the timeline shows as a checkpoint's: its kind in the list. */
export const CHECKPOINT_VERSION_KIND = "archive.checkpoint";

/** The activity area a publish's kind belongs to (`content.update` → content, `release.publish` → releases). */
function areaOfKind(kind: string) {
  const prefix = kind.split(".")[0] ?? "";
  const area =
    ({ release: "releases", locale: "locales", page: "pages", redirect: "redirects" } as Record<string, string>)[prefix] ?? prefix;
  return activityAreas.includes(area) ? area : undefined;
}

/**
 * The revisions that produced a version: the activity log on the publish's day (UTC), for the one
 * who published and the publish's area; each line there opens its revisions (the history dialog).
 */
export function revisionsLink(version: Pick<PageVersion, "at" | "kind" | "userId">) {
  const day = version.at.slice(0, 10);
  const query = new URLSearchParams();
  if (version.userId) query.set("person", version.userId);
  const area = areaOfKind(version.kind);
  if (area) query.set("area", area);
  query.set("from", day);
  query.set("to", day);
  return `/admin/other/activity?${query}`;
}

/** The release a version was published by (its page). */
export const releaseLink = (releaseId: number) => `/admin/other/releases/${releaseId}`;

/** The moment as the date field shows it (UTC, to the minute). */
export const momentField = (at: Date) => at.toISOString().slice(0, 16);
