import { z } from "zod";
import { hasNoControlCharacters, isCalendarDay } from "~/platform/query-values";
import { activity as ruActivity } from "~/features/admin-i18n/catalogue/ru/activity";
import type { Catalogue } from "~/features/admin-i18n/catalogue/shape";

const day = z.string().refine(isCalendarDay, ruActivity.invalidDate);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

/** The activity log's filters and page, as its URL carries them. */
export const activityQuerySchema = z.object({
  person: optional(z.string().max(200).refine(hasNoControlCharacters, ruActivity.invalidCharacters)),
  area: optional(z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, ruActivity.unknownArea)),
  from: optional(day),
  to: optional(day),
  /** Keyset page: entries older than this id. */
  before: optional(z.coerce.number().int().positive().max(2147483647)),
});

export const historyExportMessages = { invalid: ruActivity.exportInvalid } as const;
export const ACTIVITY_EXPORT_PATH = "/admin/activity-export";

export type ActivityQuery = z.infer<typeof activityQuerySchema>;

type ActivityTexts = Catalogue["activity"];

/** An area's name in the dashboard's language; an area not named there is shown as it is stored. */
export const areaLabel = (texts: ActivityTexts, area: string) =>
  Object.hasOwn(texts.areas, area) ? texts.areas[area as keyof ActivityTexts["areas"]] : area;

/** The areas the log can be filtered by, in the catalogue's order. */
export const activityAreas = Object.keys(ruActivity.areas);

/** `content.update` → 'Контент сайта: изменение' (in Russian, the default); unknown kinds are shown as stored. */
export function describeKind(kind: string, area: string, texts: ActivityTexts = ruActivity) {
  const action = kind.includes(".") ? kind.slice(kind.indexOf(".") + 1) : kind;
  const described = Object.hasOwn(texts.actions, action)
    ? texts.actions[action as keyof ActivityTexts["actions"]]
    : action.replace(/_/g, " ");
  return texts.kind({ area: areaLabel(texts, area), action: described });
}

/** One line of the log as the dashboard shows it. */
export interface ActivityEntry {
  id: number;
  at: string;
  by: string | null;
  kind: string;
  area: string;
  what: string;
  /** The card whose history this entry belongs to, when it has one. */
  historyKey: string | null;
}
