// The figures of a set of visits by dimension value: the one statement the roll-ups (per day, per
// filter value and day) and the dashboard's views read from the visits (filtered by two values or
// more, or today's) all use, so every path counts alike. docs/decisions/0017 says why it is shaped so.
import { sql, type SQL } from "drizzle-orm";
import { packedSingles } from "./day-columns";
import { localeOfPathSql } from "./locale-of-path.server";
import type { Dimension } from "./schema";

/** The dimensions each visit has one value of, as the column of the visits `m` below holds it (the packed days' columns too). */
const singleValued = packedSingles;
/** `day`: the day's figures (a dashboard view's chart); only without `day` among the keys. */
export type FigureDimension = "total" | (typeof singleValued)[number] | "page" | "goal" | "day";
export const allFigureDimensions: FigureDimension[] = ["total", ...singleValued, "page", "goal"];

/**
 * A visit's pages, each once (a lateral over `m`): `first` is a page's first view in the visit,
 * which counts the visit; every row is a pageview of the page.
 */
const pages = sql`(select path, array_position(m.paths, path) = i as first from unnest(m.paths) with ordinality as u(path, i)) p`;

/** A dimension's name in a statement (one of the fixed names above, never a request's value). */
const literal = (name: string) => sql.raw(`'${name.replace(/'/g, "''")}'`);

export const figureColumns = sql.raw("visitors, visits, pageviews, bounces, duration, conversions");

/**
 * The figures of the visits `from` (rows of statistics_visits as `v`, possibly with more columns
 * such as `filter_value`) by `keys` (column names of `from`: `day`, `filter_value`; none for a
 * dashboard view) and by each of `dimensions`' values. Rows: the keys, `dimension`, `value` and
 * the six figures. A visit's duration is whole seconds, so figures add up exactly over days.
 *
 * Visitors are distinct visitor hashes of each day (the hash changes at midnight), added up over
 * the days. Counting them distinct is what made a filtered view slow: PostgreSQL sorts every
 * (visit, dimension) row for a `count(distinct)`. So the visits are split: a visit that is its
 * visitor's only one of the day (`day_visits`, nearly all of them) is one visitor of every value
 * it has, and those are counted by hashing, in one pass for all dimensions (grouping sets); the
 * visitor-days with several visits are counted distinct, per day, the slow way, and added.
 */
export function figuresOfVisits(from: SQL, keys: string[], dimensions: FigureDimension[] = allFigureDimensions): SQL {
  const keyList = keys.map((key) => sql.identifier(key));
  const keyColumns = keys.length > 0 ? sql`${sql.join(keyList, sql`, `)}, ` : sql``;
  const mKeys =
    keys.length > 0
      ? sql`${sql.join(
          keyList.map((key) => sql`m.${key}`),
          sql`, `,
        )}, `
      : sql``;
  const groupKeys = (extra: SQL[]) => sql.join([...keys.map((key) => sql`m.${sql.identifier(key)}`), ...extra], sql`, `);
  // Each dimension of one value a visit: its name and the expression of its value over `m`.
  const singles: [string, SQL][] = [
    ...singleValued.filter((name) => dimensions.includes(name)).map((name): [string, SQL] => [name, sql`m.${sql.identifier(name)}`]),
    ...(dimensions.includes("day") ? [["day", sql`to_char(m.day, 'YYYY-MM-DD')`] as [string, SQL]] : []),
  ];
  const parts: SQL[] = [];

  if (dimensions.includes("total") || singles.length > 0) {
    const grouped = (name: string, value: SQL) => (name === "day" ? sql`m.day` : value);
    const sets = [
      ...(dimensions.includes("total") ? [sql`(${groupKeys([])})`] : []),
      ...singles.map(([name, value]) => sql`(${groupKeys([grouped(name, value)])})`),
    ];
    const dimension =
      singles.length === 0
        ? sql`'total'`
        : sql`case ${sql.join(
            singles.map(([name, value]) => sql`when grouping(${grouped(name, value)}) = 0 then ${literal(name)}`),
            sql` `,
          )} else 'total' end`;
    const value = sql`coalesce(${sql.join(
      singles.map(([name, value]) => (name === "day" ? sql`case when grouping(m.day) = 0 then ${value} end` : value)),
      sql`, `,
    )}${singles.length > 0 ? sql`, ` : sql``}'')`;
    parts.push(sql`select ${mKeys}${dimension}::text as dimension, ${value}::text as value, count(*) as visitors, count(*) as visits,
      sum(m.pageviews) as pageviews, sum(m.bounce) as bounces, sum(m.duration) as duration, sum(m.converted) as conversions
      from m where m.n = 1 group by grouping sets (${sql.join(sets, sql`, `)})`);
  }
  if (dimensions.includes("page"))
    parts.push(sql`select ${mKeys}'page', p.path, count(*) filter (where p.first), count(*) filter (where p.first), count(*),
        sum(m.bounce) filter (where p.first), sum(m.duration) filter (where p.first), sum(m.converted) filter (where p.first)
      from m cross join lateral ${pages} where m.n = 1 group by ${groupKeys([sql`p.path`])}`);
  if (dimensions.includes("goal"))
    parts.push(sql`select ${mKeys}'goal', g.goal, count(*), count(*), sum(m.pageviews), sum(m.bounce), sum(m.duration), count(*)
      from m cross join lateral unnest(m.goals) as g(goal) where m.n = 1 and cardinality(m.goals) > 0 group by ${groupKeys([sql`g.goal`])}`);

  // The visitor-days with several visits: each (dimension, value) of a day counts its visitors distinct.
  const pairs = [
    ...(dimensions.includes("total") ? [sql`('total', '')`] : []),
    ...singles.map(([name, value]) => sql`(${literal(name)}, ${value})`),
  ];
  const multiKeys = groupKeys([sql`m.day`]);
  if (pairs.length > 0)
    parts.push(sql`select ${mKeys}d.dimension, d.value, count(distinct m.visitor), count(*), sum(m.pageviews), sum(m.bounce), sum(m.duration), sum(m.converted)
      from multi m cross join lateral (values ${sql.join(pairs, sql`, `)}) d(dimension, value)
      group by ${multiKeys}, d.dimension, d.value`);
  if (dimensions.includes("page"))
    parts.push(sql`select ${mKeys}'page', p.path, count(distinct m.visitor), count(*) filter (where p.first), count(*),
        sum(m.bounce) filter (where p.first), sum(m.duration) filter (where p.first), sum(m.converted) filter (where p.first)
      from multi m cross join lateral ${pages} group by ${multiKeys}, p.path`);
  if (dimensions.includes("goal"))
    parts.push(sql`select ${mKeys}'goal', g.goal, count(distinct m.visitor), count(*), sum(m.pageviews), sum(m.bounce), sum(m.duration), count(*)
      from multi m cross join lateral unnest(m.goals) as g(goal) where cardinality(m.goals) > 0 group by ${multiKeys}, g.goal`);

  const vKeys = keys.filter((key) => key !== "day").map((key) => sql`v.${sql.identifier(key)}, `);
  return sql`with m as materialized (
      select ${sql.join(vKeys, sql``)}v.day, v.visitor, v.pageviews, (v.pageviews = 1)::int as bounce,
        floor(extract(epoch from v.ended_at - v.started_at))::int as duration, (cardinality(v.goals) > 0)::int as converted,
        v.paths, v.goals, v.entry, v.referrer, v.source, v.utm_source, v.utm_medium, v.utm_campaign, v.device, v.browser, v.os,
        v.language, v.country, ${localeOfPathSql(sql`v.entry`)} as locale, to_char(v.started_at at time zone 'UTC', 'HH24') as hour,
        v.day_visits as n
      from ${from}
    ), multi as materialized (select * from m where m.n > 1)
    select ${keyColumns}dimension, value, sum(visitors)::int as visitors, sum(visits)::int as visits, sum(pageviews)::int as pageviews,
      sum(bounces)::int as bounces, sum(duration)::int as duration, sum(conversions)::int as conversions
    from (${sql.join(parts, sql` union all `)}) f(${keyColumns}dimension, value, visitors, visits, pageviews, bounces, duration, conversions)
    group by ${keyColumns}dimension, value`;
}

/** The visits of the period that match every filter (each condition one an index of statistics_visits serves). */
export function visitsWhere(filters: [Dimension, string][], from: string, to: string): SQL {
  const parts = [sql`v.day between ${from}::date and ${to}::date`];
  for (const [name, value] of filters) {
    if (name === "page") parts.push(sql`v.paths @> array[${value}::text]`);
    else if (name === "goal") parts.push(sql`v.goals @> array[${value}::text]`);
    else if (name === "locale") parts.push(sql`${localeOfPathSql(sql`v.entry`)} = ${value}`);
    else parts.push(sql`v.${sql.identifier(name)} = ${value}`);
  }
  return sql.join(parts, sql` and `);
}
