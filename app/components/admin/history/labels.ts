import { formatDateTime } from "~/features/admin-i18n/format";
import type { AdminLanguage } from "~/features/admin-i18n/language";
import type { Catalogue } from "~/features/admin-i18n/messages";

/** How the history names a kind of revision, in the administrator's language (unknown kinds as stored). */
export const revisionActionLabel = (m: Catalogue, action: string) =>
  Object.hasOwn(m.history.actions, action) ? m.history.actions[action as keyof Catalogue["history"]["actions"]] : action;

/** One time zone for server and browser, so the page hydrates as it was rendered. */
export const formatWhen = (language: AdminLanguage, iso: string | null) =>
  iso ? `${formatDateTime(language, iso, { date: "medium", time: "short" })} UTC` : "";
