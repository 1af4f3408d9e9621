// What a legal page and the fees tell visitors of their effective dates: since when the current
// version applies, the coming version (announced from its release's schedule until its date), and
// the earlier versions, served from the archive. Texts in the page's locale (public-texts).
import { archivedDocumentPage, documentVersions } from "~/features/archive/document-versions.server";
import {
  announcementKinds,
  EFFECTIVE_SECTION,
  effectiveDateOfValue,
  effectiveKey,
  type EffectiveDocument,
} from "~/features/content/effective/keys";
import { getContentRow } from "~/features/content/settings/settings.server";
import { fillText } from "~/features/locales/public-texts";
import { requestTexts } from "~/features/locales/public-texts.server";
import { overlay } from "~/features/records/overlay";
import { currentPreview } from "~/features/records/preview-context.server";
import { noteRead } from "~/features/records/read-tags.server";
import { comingChanges, effectiveStart } from "~/features/releases/effective-schedule.server";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { DEFAULT_LOCALE } from "~/platform/record-key";
import { currentRequestLocale } from "~/platform/request-locale.server";
import type { DocumentNotesHtml } from "./contract";
import { siteToday } from "./stage.server";
import { escapeHtml } from "~/platform/escape-html";

const localeCode = () => currentRequestLocale()?.code ?? DEFAULT_LOCALE;
const prefix = () => currentRequestLocale()?.prefix ?? "";

/** The document's address in the request's locale (`/de/terms`), for what is not a SiteLink (which localizes itself). */
export const localPath = (document: EffectiveDocument, tail = "") => `${prefix()}/${document}${tail}`;

/** A date (`YYYY-MM-DD`) as the page's language writes it. */
export const formatDate = (date: string) =>
  new Intl.DateTimeFormat(localeCode(), { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));

/** A moment in the site's time zone, as the page's language writes it: its date, and its time too when asked. */
const formatMoment = (at: Date, withTime = false) =>
  new Intl.DateTimeFormat(localeCode(), {
    dateStyle: "long",
    ...(withTime ? { timeStyle: "short" as const } : {}),
    timeZone: getEnv().SITE_TIME_ZONE,
  }).format(at);

/** A version's period: its dates, with their times when both fall on one day. */
function period(version: { from: Date; to: Date }) {
  const sameDay = formatMoment(version.from) === formatMoment(version.to);
  return { from: formatMoment(version.from, sameDay), to: formatMoment(version.to, sameDay) };
}

/** The records whose change makes a new version of the document in the request's locale. */
function textKeyTest(document: EffectiveDocument) {
  const code = localeCode();
  const own = (key: string) => (code === DEFAULT_LOCALE ? !key.includes("@") : key.endsWith(`@${code}`));
  return (key: string) => key === effectiveKey(document) || (key.startsWith(`${document}/`) && own(key));
}

const ignoredKinds = [announcementKinds.announced, announcementKinds.withdrawn];

/** The effective date a release previewed stages for the document (null: it takes the date out; undefined: none staged). */
function previewedDate(document: EffectiveDocument) {
  const staged = currentPreview()?.staged;
  const key = effectiveKey(document);
  if (!staged?.has(key)) return undefined;
  return effectiveDateOfValue(overlay(new Map(), staged, (candidate) => candidate === key).get(key)) ?? null;
}

/** The document's earlier versions from the archive, newest first; in a preview of a dated release, the current one too (until its date). */
export async function earlierVersions(document: EffectiveDocument) {
  const previewed = previewedDate(document);
  const until = previewed ? effectiveStart(previewed) : undefined;
  return documentVersions(getDb(), localPath(document), textKeyTest(document), ignoredKinds, until);
}

/**
 * The document's effective date once it has come (undefined: none): the live one, or in a
 * preview the date its release stages, read through the preview's overlay as the page's other
 * records are: the preview shows the page as it will be on that date.
 */
export async function currentEffectiveDate(document: EffectiveDocument) {
  noteRead(effectiveKey(document));
  const previewed = previewedDate(document);
  if (previewed !== undefined) return previewed ?? undefined;
  const date = effectiveDateOfValue(await getContentRow(getDb(), document, EFFECTIVE_SECTION));
  return date !== undefined && date <= siteToday() ? date : undefined;
}

/** The scheduled change of the document still to come, if one is announced; a preview never announces its own release. */
export async function comingChange(document: EffectiveDocument) {
  noteRead(effectiveKey(document));
  return (await comingChanges(getDb(), new Date(), currentPreview()?.release?.id)).find((change) => change.document === document);
}

export interface DocumentNotes {
  effectiveFrom: string | null;
  coming: { text: string; linkText: string; href: string } | null;
  versions: { title: string; items: { href: string; label: string }[] } | null;
}

/** The notes as the page places them: HTML, every text escaped, the links in the page's locale. */
export function notesHtml(notes: DocumentNotes): DocumentNotesHtml {
  const parts: string[] = [];
  if (notes.effectiveFrom)
    parts.push(`<p class="text-sm font-semibold text-slate-700" data-effective-from>${escapeHtml(notes.effectiveFrom)}</p>`);
  if (notes.coming)
    parts.push(
      `<p role="note" class="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-slate-900" data-coming-change>${escapeHtml(notes.coming.text)} <a href="${escapeHtml(notes.coming.href)}" class="font-semibold text-slate-900 underline">${escapeHtml(notes.coming.linkText)}</a></p>`,
    );
  const versions = notes.versions
    ? `<h2 id="earlier-versions" class="text-lg font-semibold text-slate-900">${escapeHtml(notes.versions.title)}</h2><ul class="mt-2 list-disc space-y-1 pl-5 text-sm">${notes.versions.items
        .map((item) => `<li><a href="${escapeHtml(item.href)}" class="text-slate-900 underline">${escapeHtml(item.label)}</a></li>`)
        .join("")}</ul>`
    : null;
  return { top: parts.length > 0 ? parts.join("") : null, versions };
}

/** The coming version's banner (HTML), with the link back to the current version. */
export function comingBannerHtml(banner: string, current: { href: string; text: string }) {
  return `${escapeHtml(banner)} <a href="${escapeHtml(current.href)}" class="font-semibold underline">${escapeHtml(current.text)}</a>`;
}

/** What the document's public page shows of its effective dates. */
export async function documentNotes(document: EffectiveDocument): Promise<DocumentNotes> {
  const texts = requestTexts().effective;
  const [date, coming, versions] = await Promise.all([currentEffectiveDate(document), comingChange(document), earlierVersions(document)]);
  return {
    effectiveFrom: date ? fillText(texts.effectiveFrom, { date: formatDate(date) }) : null,
    coming: coming
      ? {
          text: fillText(texts.coming, { date: formatDate(coming.date) }),
          linkText: texts.comingLink,
          href: localPath(document, "/upcoming"),
        }
      : null,
    versions:
      versions.length > 0
        ? {
            title: texts.versions,
            items: versions.map((version) => ({
              href: localPath(document, `/versions/${version.entryId}.html`),
              label: fillText(texts.versionRange, period(version)),
            })),
          }
        : null,
  };
}

/** One earlier version as the archive stored it, with its period in the page's language; undefined: no such version. */
export async function archivedVersion(document: EffectiveDocument, entryId: number) {
  const version = (await earlierVersions(document)).find((candidate) => candidate.entryId === entryId);
  if (!version) return undefined;
  const page = await archivedDocumentPage(getDb(), localPath(document), entryId);
  if (!page) return undefined;
  const banner = fillText(requestTexts().effective.archivedBanner, period(version));
  return { ...page, banner, language: localeCode() };
}
