// Effective dates of the terms and the fees (issue 46, item 4): the record that carries one, as
// the releases, the editors and the public pages name it. Non-server: the editors share it.

/** The documents whose changes can carry an effective date, by their page name. */
export const effectiveDocuments = ["terms", "privacy", "aml-kyc", "fees"] as const;
export type EffectiveDocument = (typeof effectiveDocuments)[number];

/** The page content section that holds a document's effective date (`YYYY-MM-DD`, in the site's time zone). */
export const EFFECTIVE_SECTION = "effective_from";

/** A document's effective date as a record's key text (`terms/effective_from`). */
export const effectiveKey = (document: EffectiveDocument) => `${document}/${EFFECTIVE_SECTION}`;

const keyTexts = new Map<string, EffectiveDocument>(effectiveDocuments.map((document) => [effectiveKey(document), document]));

/** The document whose effective date the key text names; undefined for any other key. */
export const effectiveDocumentOf = (key: string) => keyTexts.get(key);

export const isEffectiveDocument = (name: string): name is EffectiveDocument => (effectiveDocuments as readonly string[]).includes(name);

/** The public address of a document in the default locale. */
export const documentPath = (document: EffectiveDocument) => `/${document}`;

/** Where the coming version of a document is shown before its date. */
export const upcomingPath = (document: EffectiveDocument) => `/${document}/upcoming`;

/** Where an earlier version of a document is served from the archive. */
export const versionPath = (document: EffectiveDocument, entryId: number) => `/${document}/versions/${entryId}`;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date `YYYY-MM-DD` that exists (no 31 February); undefined otherwise. */
export function parseEffectiveDate(text: unknown): string | undefined {
  if (typeof text !== "string" || !DATE.test(text)) return undefined;
  const at = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text ? text : undefined;
}

/** A staged or stored effective date's value (a page content row's `contentValue`), checked. */
export function effectiveDateOfValue(value: unknown): string | undefined {
  if (!value || typeof value !== "object") return undefined;
  return parseEffectiveDate((value as { contentValue?: unknown }).contentValue);
}

/** The date `months` calendar months after `date` (both `YYYY-MM-DD`; the 31st goes to the month's last day). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString().slice(0, 10);
}

/** What the archive notes when a document's page starts or stops announcing a coming version. */
export const announcementKinds = { announced: "effective.announced", withdrawn: "effective.withdrawn" } as const;
