// Staging a legal page's or the fees' effective date into the release an administrator drafts:
// a record of the store (`terms/effective_from`), so it is staged, approved, scheduled, published,
// undone and restored with the page's text. Only in a release (a date published live at once
// would announce nothing), never in the past, and with a warning when the notice is short.
import { requirePermission } from "~/features/access/require.server";
import {
  addMonths,
  EFFECTIVE_SECTION,
  effectiveDateOfValue,
  effectiveKey,
  type EffectiveDocument,
} from "~/features/content/effective/keys";
import { getContentRow } from "~/features/content/settings/settings.server";
import { newContentRow, writeContentRow } from "~/features/content/write.server";
import { readDraft } from "~/features/records/drafts.server";
import type { Person } from "~/platform/person";
import { draftingRelease } from "~/features/releases/drafting.server";
import { instantToZoned } from "~/features/releases/time-zone";
import type { Database } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { Refusal } from "~/platform/refusal";
import type { EffectiveEditorState } from "./contract";
import { effectiveMessages } from "./schema";

/** Today's date in the site's time zone (`YYYY-MM-DD`). */
export const siteToday = (now = new Date()) => instantToZoned(now, getEnv().SITE_TIME_ZONE).slice(0, 10);

/** Whether a date gives less notice than the configured period (EFFECTIVE_NOTICE_MONTHS, two months unless set). */
export const isShortNotice = (date: string, now = new Date()) => date < addMonths(siteToday(now), getEnv().EFFECTIVE_NOTICE_MONTHS);

/**
 * Stages the page's effective date (empty: the release carries none, the live one stays) into
 * the release the administrator drafts. Refused outside a release, and for a date not after today.
 */
export async function stageEffectiveDate(db: Database, actor: Person, document: EffectiveDocument, date: string) {
  requirePermission(actor, "content.edit");
  requirePermission(actor, "releases.create");
  if (!(await draftingRelease(db, actor.id))) throw new Refusal(409, effectiveMessages.onlyInRelease);
  if (date !== "" && date <= siteToday()) throw new Refusal(400, effectiveMessages.past);
  const live = await getContentRow(db, document, EFFECTIVE_SECTION);
  // Empty: back to the live value (none: no row), so the record leaves the release.
  const value = date === "" ? live?.contentValue : date;
  await writeContentRow(db, {
    page: document,
    section: EFFECTIVE_SECTION,
    actor,
    action: "update",
    change: (before) => {
      if (value === undefined) return before === null ? false : null;
      return before ? { ...before, contentValue: value } : newContentRow(document, EFFECTIVE_SECTION, "text", value);
    },
  });
  return { date, shortNotice: date !== "" && isShortNotice(date) };
}

/** What the editors show of the pages' effective dates. */
export async function effectiveEditorState(
  db: Database,
  userId: string,
  documents: readonly EffectiveDocument[],
): Promise<EffectiveEditorState> {
  const release = await draftingRelease(db, userId);
  const draft = release ? await readDraft(db, release.id) : new Map<string, unknown>();
  const state: EffectiveEditorState = {
    drafting: Boolean(release),
    staged: {},
    live: {},
    shortNotice: {},
    noticeMonths: getEnv().EFFECTIVE_NOTICE_MONTHS,
    min: addDays(siteToday(), 1),
  };
  for (const document of documents) {
    const row = await getContentRow(db, document, EFFECTIVE_SECTION);
    const live = effectiveDateOfValue(row) ?? "";
    const key = effectiveKey(document);
    const staged = draft.has(key) ? (effectiveDateOfValue(draft.get(key)) ?? "") : live;
    state.live[document] = live;
    state.staged[document] = staged;
    state.shortNotice[document] = staged !== "" && staged !== live && isShortNotice(staged);
  }
  return state;
}

function addDays(date: string, days: number) {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
