// Packed days (app/features/statistics/day-columns.ts) of visits with a realistic spread of values,
// for the statistics bench: the seeded visits repeat a short cycle of values and deflate to under
// a byte a visit, so a view reading them reads far fewer bytes than on real traffic. These draw
// pages, referrers, countries and campaigns with a long tail (a few common, many rare), hours and
// durations at random, some visitors with several visits: 20–25 bytes a visit packed, about 10
// deflated.
import { deflateRawSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { packDay, type PackedVisit } from "~/features/statistics/day-columns";
import type { Database } from "~/platform/db.server";

const random = Math.random;
/** One of `n` values, the first ones far more often (a long tail). */
const tail = (n: number) => Math.min(n - 1, Math.floor(n ** random()) - 1);
const pick = (list: string[]) => list[tail(list.length)]!;
const pages = Array.from({ length: 60 }, (_, index) => `/page-${index}`);
const referrers = Array.from({ length: 400 }, (_, index) => `site${index}.example`);
const countries = Array.from({ length: 60 }, (_, index) => `C${index}`);

function visit(): PackedVisit {
  const views = 1 + Math.floor(-Math.log(random()) * 2);
  const paths = Array.from({ length: views }, () => pick(pages));
  return {
    visitor: random() < 0.08 ? String(Math.floor(random() * 500)) : null,
    pageviews: views,
    duration: views === 1 ? 0 : Math.floor(-Math.log(random()) * 120),
    paths,
    goals: random() < 0.03 ? ["signup"] : [],
    singles: {
      entry: paths[0]!,
      referrer: random() < 0.4 ? "" : pick(referrers),
      source: pick(["Direct", "Google", "Bing", "Facebook", "X", "newsletter", "LinkedIn", "Yandex"]),
      utm_source: random() < 0.8 ? "" : pick(["newsletter", "fb", "google"]),
      utm_medium: random() < 0.8 ? "" : pick(["email", "cpc", "social"]),
      utm_campaign: random() < 0.85 ? "" : `campaign-${tail(40)}`,
      device: pick(["Mobile", "Desktop", "Tablet", "Laptop"]),
      browser: pick(["Chrome", "Safari", "Firefox", "Edge", "Samsung Internet", "Opera"]),
      os: pick(["Android", "iOS", "Windows", "macOS", "Linux"]),
      language: pick(["en", "de", "fr", "it", "ru", "es", "pl", "nl", "pt", "tr"]),
      country: pick(countries),
      locale: pick(["en", "de", "fr", "it"]),
      hour: String(Math.floor(random() * 24)).padStart(2, "0"),
    },
  };
}

/** Replaces every packed day with as many visits of a realistic spread; returns the bytes of base64 text stored. */
export async function repackRealistic(db: Database) {
  const days = (await db.execute(sql`select to_char(day, 'YYYY-MM-DD') as day, visits from statistics_day_columns`)) as unknown as {
    rows: { day: string; visits: number }[];
  };
  let stored = 0;
  for (const { day, visits } of days.rows) {
    const packed = packDay(Array.from({ length: Number(visits) }, visit));
    const data = deflateRawSync(packed.data).toString("base64");
    stored += data.length;
    await db.execute(
      sql`update statistics_day_columns set value_lists = ${JSON.stringify(packed.values)}, data = ${data} where day = ${day}::date`,
    );
  }
  return stored;
}
