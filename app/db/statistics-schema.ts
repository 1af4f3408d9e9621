// Statistics (issue 28): first-party visit statistics (app/features/statistics, docs/statistics.md).
import { bigint, boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from "drizzle-orm/pg-core";

/**
 * The daily salt of the visitor hash, one random value per UTC day, shared by every instance on
 * the database so they hash a visitor alike; deleted 48 hours after its day began.
 */
export const statisticsSalts = pgTable("statistics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Raw events (pageviews and goals), kept ANALYTICS_RAW_DAYS. Partitioned by month in the
 * migration (drizzle cannot say so), so that pruning drops a partition; no primary key, as a
 * partitioned table's key would have to hold the time. `visitor` is 48 bits of
 * sha256(salt, site, address, user agent): the address and user agent are never stored.
 */
export const statisticsEvents = pgTable(
  "statistics_events",
  {
    at: timestamp("at", { withTimezone: true }).notNull(),
    visitor: bigint("visitor", { mode: "number" }).notNull(),
    /** `pageview` or a goal's name. */
    name: text("name").notNull(),
    path: text("path").notNull(),
    referrer: text("referrer").notNull().default(""),
    source: text("source").notNull().default(""),
    utmSource: text("utm_source").notNull().default(""),
    utmMedium: text("utm_medium").notNull().default(""),
    utmCampaign: text("utm_campaign").notNull().default(""),
    utmContent: text("utm_content").notNull().default(""),
    utmTerm: text("utm_term").notNull().default(""),
    device: text("device").notNull().default(""),
    browser: text("browser").notNull().default(""),
    os: text("os").notNull().default(""),
    language: text("language").notNull().default(""),
    country: text("country").notNull().default(""),
  },
  (table) => [index("statistics_events_at_idx").on(table.at), index("statistics_events_visitor_idx").on(table.visitor, table.at)],
);

/**
 * One row per visit (a visitor's pageviews until 30 minutes pass without one; a visitor's hash
 * changes at midnight UTC, so a visit never spans two days): the roll-up filtered views read,
 * kept ANALYTICS_KEEP_MONTHS.
 */
export const statisticsVisits = pgTable(
  "statistics_visits",
  {
    day: date("day", { mode: "string" }).notNull(),
    visitor: bigint("visitor", { mode: "number" }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull(),
    pageviews: integer("pageviews").notNull(),
    /**
     * The visitor's visits that day, this one included: 1 for nearly every visit, whose visitor is
     * then counted without the distinct count a filtered view would otherwise sort for (figures.server.ts).
     */
    dayVisits: integer("day_visits").notNull().default(1),
    /** The pages viewed, in order (a page twice when viewed twice). */
    paths: text("paths").array().notNull(),
    goals: text("goals").array().notNull(),
    entry: text("entry").notNull(),
    referrer: text("referrer").notNull(),
    source: text("source").notNull(),
    utmSource: text("utm_source").notNull(),
    utmMedium: text("utm_medium").notNull(),
    utmCampaign: text("utm_campaign").notNull(),
    device: text("device").notNull(),
    browser: text("browser").notNull(),
    os: text("os").notNull(),
    language: text("language").notNull(),
    country: text("country").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.visitor, table.startedAt] }),
    // A view filtered by two values or more (or today's, by one) reads the visits that have them:
    // each filter's own index, combined by the planner (docs/decisions/0017).
    ...(
      ["entry", "referrer", "source", "utmSource", "utmMedium", "utmCampaign", "device", "browser", "os", "language", "country"] as const
    ).map((column) => index(`statistics_visits_${table[column].name}_idx`).on(table[column], table.day)),
    index("statistics_visits_paths_idx").using("gin", table.paths),
    index("statistics_visits_goals_idx").using("gin", table.goals),
  ],
);

/** Per day, per dimension value (source, page, campaign, …): the unfiltered dashboard's figures. */
export const statisticsDaily = pgTable(
  "statistics_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    /** Distinct visitors of the day. */
    visitors: integer("visitors").notNull(),
    visits: integer("visits").notNull().default(0),
    pageviews: integer("pageviews").notNull(),
    /** Visits of one pageview. */
    bounces: integer("bounces").notNull(),
    /** Seconds, summed over the visits. */
    duration: integer("duration").notNull(),
    /** Visits that reached any goal. */
    conversions: integer("conversions").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.dimension, table.value] })],
);

/** A roll-up's row of one dimension value: the figures of the visits that have it (the per-filter and the pairs' roll-ups). */
const figuresByValue = () => ({
  dimension: text("dimension").notNull(),
  value: text("value").notNull(),
  visitors: integer("visitors").notNull(),
  visits: integer("visits").notNull(),
  pageviews: integer("pageviews").notNull(),
  bounces: integer("bounces").notNull(),
  duration: integer("duration").notNull(),
  conversions: integer("conversions").notNull(),
});

/**
 * The same figures for the visits that have one value of one dimension (`filter`, `filterValue`):
 * what a view filtered by one value reads, for the days that are over (today's are read from the
 * visits). Written once a day is rolled up for the last time.
 */
export const statisticsDailyBy = pgTable(
  "statistics_daily_by",
  {
    filter: text("filter").notNull(),
    filterValue: text("filter_value").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    ...figuresByValue(),
  },
  (table) => [
    primaryKey({ columns: [table.filter, table.filterValue, table.day, table.dimension, table.value] }),
    index("statistics_daily_by_day_idx").on(table.day),
  ],
);

/**
 * What each day's last roll-up read: the number of its raw events. Events only ever arrive, so a
 * day whose count has changed since has events the roll-ups lack (however late they were written).
 */
export const statisticsRollups = pgTable("statistics_rollups", {
  day: date("day", { mode: "string" }).primaryKey(),
  events: integer("events").notNull(),
  /** Whether the day was over when it was rolled up (its per-filter figures are written then). */
  final: boolean("final").notNull().default(false),
  rolledAt: timestamp("rolled_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The pairs of filter values the dashboard has been asked for (a view filtered by exactly two
 * values; `filter_a` comes before `filter_b` in the dashboard's order of dimensions), each with its
 * figures per day in statistics_daily_pair once `ready`: every day with visits rolled up for it.
 * Kept while views ask for it (docs/decisions/0019).
 */
export const statisticsPairs = pgTable(
  "statistics_pairs",
  {
    id: serial("id").primaryKey(),
    filterA: text("filter_a").notNull(),
    valueA: text("value_a").notNull(),
    filterB: text("filter_b").notNull(),
    valueB: text("value_b").notNull(),
    /** The last view that asked for it (updated at most once an hour). */
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
    /** Every day with visits has its figures (later days get them when they are rolled up for the last time). */
    ready: boolean("ready").notNull().default(false),
  },
  (table) => [unique("statistics_pairs_values_key").on(table.filterA, table.valueA, table.filterB, table.valueB)],
);

/** The figures of the visits that have both values of a pair, per day and dimension value: what a view by that pair reads for the days that are over. */
export const statisticsDailyPair = pgTable(
  "statistics_daily_pair",
  {
    pairId: integer("pair_id")
      .notNull()
      .references(() => statisticsPairs.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    ...figuresByValue(),
  },
  (table) => [
    primaryKey({ columns: [table.pairId, table.day, table.dimension, table.value] }),
    index("statistics_daily_pair_day_idx").on(table.day),
  ],
);

/**
 * A day's visits packed by column (app/features/statistics/day-columns.ts), written when the day
 * is rolled up for the last time and removed when it is rolled up again: what a view filtered by
 * two values or more reads for the days that are over (docs/decisions/0020).
 */
export const statisticsDayColumns = pgTable("statistics_day_columns", {
  day: date("day", { mode: "string" }).primaryKey(),
  visits: integer("visits").notNull(),
  /** JSON: each dimension's values, the pages and the goals, in the order the columns number them. */
  valueLists: text("value_lists").notNull(),
  /** The columns' bytes, base64 (read as text: the embedded database hands bytea to JavaScript slowly). */
  data: text("data").notNull(),
});
