import { formatDateTime } from "~/features/admin-i18n/format";
import type { AdminLanguage } from "~/features/admin-i18n/language";

/** Publish times in the site's time zone (SITE_TIME_ZONE): shown, and read from a datetime-local field. */

function zoneOffsetMs(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a wall-clock time `YYYY-MM-DDTHH:MM` in the zone names; undefined if it is not a date. */
export function zonedToInstant(local: string, timeZone: string): Date | undefined {
  const asUtc = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  if (Number.isNaN(asUtc)) return undefined;
  // Two passes settle a time next to a daylight-saving change.
  let instant = asUtc - zoneOffsetMs(new Date(asUtc), timeZone);
  instant = asUtc - zoneOffsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/** A publish time as the dashboard shows it in the administrator's language: `dd.mm.yyyy, hh:mm (zone)` in Russian. */
export function formatInZone(instant: Date | string, timeZone: string, language: AdminLanguage = "ru") {
  const text = formatDateTime(language, instant, { date: "short", time: "short", timeZone });
  return `${text} (${timeZone})`;
}

/** The value a datetime-local field shows for an instant, in the zone. */
export function instantToZoned(instant: Date, timeZone: string) {
  const shifted = new Date(instant.getTime() + zoneOffsetMs(instant, timeZone));
  return shifted.toISOString().slice(0, 16);
}
