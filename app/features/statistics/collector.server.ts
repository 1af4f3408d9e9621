// The collection side: a beacon checked, turned into an event and queued in memory; the queue
// written in batches off the request path. Nothing of the request is kept but the event's fields
// and the visitor hash (salt.server.ts).
import { isbot } from "isbot";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { statisticsEvents } from "~/db/schema";
import type { Database } from "~/platform/db.server";
import { logger } from "~/platform/logger.server";
import { publicPagePaths } from "~/features/seo/public-pages.js";
import { lookupAddress } from "~/features/pages/public-index.server";
import { prefixCode, servesPrefix, unprefixedPath } from "~/features/locales/routing.server";
import { clientGoals, type Goal } from "./schema";
import { browserOf, campaignOf, countryOf, deviceOf, languageOf, referrerHost, sourceOf, systemOf } from "./parse";
import { createSaltCache, visitorHash } from "./salt.server";
import { ensurePartition, partitionName } from "./partitions.server";

/** A beacon larger than this is refused unread (413). */
export const MAX_BEACON_BYTES = 2048;

const beaconSchema = z.strictObject({
  /** `pageview` or a goal the page may report. */
  n: z.union([z.literal("pageview"), z.enum(clientGoals)]),
  /** The page's address, as the browser shows it. */
  u: z.string().min(1).max(1000),
  r: z.string().max(1000).optional(),
  w: z.number().int().min(0).max(100_000).optional(),
});

export type EventRow = typeof statisticsEvents.$inferInsert;

/** What the endpoint knows of a request: the body and a few headers. */
export interface BeaconRequest {
  /** Undefined when it was longer than MAX_BEACON_BYTES (and left unread). */
  body: string | undefined;
  address: string;
  userAgent: string;
  acceptLanguage?: string;
  country?: string;
  /** Global Privacy Control (`Sec-GPC: 1`). */
  gpc: boolean;
  /** The site's host, to tell its own pages from referrers. */
  host: string;
  /** The `Origin` and `Sec-Fetch-Site` headers, when the browser sent them. */
  origin?: string;
  fetchSite?: string;
}

export type Verdict =
  | { status: 202; stored: boolean }
  | { status: 400 | 403 | 413 | 429; reason: "malformed" | "oversized" | "not-a-page" | "rate-limited" | "cross-origin" };

export interface CollectorOptions {
  db: () => Database;
  /** Events accepted per address per minute. */
  ratePerMinute: number;
  /** The queue is written when it holds this many, or at the flush interval. */
  batchSize?: number;
  /** Above this the oldest events are dropped (a database outage must not fill the memory). */
  maxQueue?: number;
  now?: () => Date;
}

const pagePaths = new Set<string>(publicPagePaths);
/**
 * A site page: a fixed page or a published landing page (campaign pages are what campaigns bring
 * visitors to), or a fixed page under the prefix of a locale the site serves publicly (`/de/fees`:
 * kept as it is, so the page and its locale are both in the address).
 */
function isSitePage(pathname: string) {
  if (pagePaths.has(pathname) || lookupAddress(pathname)?.kind === "page") return true;
  const code = prefixCode(pathname);
  return code !== undefined && servesPrefix(code) && pagePaths.has(unprefixedPath(pathname));
}

/**
 * One statement and one parameter per batch (the rows as JSON, read by json_populate_recordset),
 * where a parameter per value made a batch of 500 ten times slower to write on PGlite.
 */
async function insertEvents(db: Database, events: EventRow[]) {
  if (events.length === 0) return;
  const rows = events.map((event) => ({
    at: event.at.toISOString(),
    visitor: event.visitor,
    name: event.name,
    path: event.path,
    referrer: event.referrer ?? "",
    source: event.source ?? "",
    utm_source: event.utmSource ?? "",
    utm_medium: event.utmMedium ?? "",
    utm_campaign: event.utmCampaign ?? "",
    utm_content: event.utmContent ?? "",
    utm_term: event.utmTerm ?? "",
    device: event.device ?? "",
    browser: event.browser ?? "",
    os: event.os ?? "",
    language: event.language ?? "",
    country: event.country ?? "",
  }));
  await db.execute(
    sql`insert into ${statisticsEvents} select * from json_populate_recordset(null::statistics_events, ${JSON.stringify(rows)}::json)`,
  );
}

/**
 * Whether a beacon was sent by another site's page: `Sec-Fetch-Site` other than same-origin, or
 * an `Origin` that is not this host. A beacon without either header (an older browser) is taken.
 */
export function crossOrigin(request: Pick<BeaconRequest, "origin" | "fetchSite" | "host">) {
  if (request.fetchSite && request.fetchSite !== "same-origin") return true;
  if (request.origin === undefined) return false;
  try {
    return new URL(request.origin).host !== request.host;
  } catch {
    return true; // `Origin: null` (a sandboxed frame, a file) or anything unreadable
  }
}

/** The visitor's page, or undefined when the address is none of this site's pages. */
function pageOf(url: string, host: string) {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.host !== host || !isSitePage(parsed.pathname)) return undefined;
  return parsed;
}

// long-function: the collector's state and its few operations belong together
export function createCollector(options: CollectorOptions) {
  const now = options.now ?? (() => new Date());
  const salt = createSaltCache(options.db);
  const batchSize = options.batchSize ?? 500;
  const maxQueue = options.maxQueue ?? 50_000;
  let queue: EventRow[] = [];
  /** Server-side goals, written only when their visitor has a pageview (no pageview: declined or a bot). */
  let goalsQueue: EventRow[] = [];
  const counters = {
    accepted: 0,
    bots: 0,
    dropped: 0,
    refused: { malformed: 0, oversized: 0, "not-a-page": 0, "rate-limited": 0, "cross-origin": 0 },
  };
  const partitions = new Set<string>();
  let window = { started: 0, hits: new Map<string, number>() };
  let flushing: Promise<void> | undefined;

  function limited(address: string, time: number) {
    if (time - window.started >= 60_000) window = { started: time, hits: new Map() };
    const hits = (window.hits.get(address) ?? 0) + 1;
    window.hits.set(address, hits);
    return hits > options.ratePerMinute;
  }

  function enqueue(target: EventRow[], event: EventRow) {
    target.push(event);
    if (target.length > maxQueue) counters.dropped += target.splice(0, target.length - maxQueue).length;
    if (queue.length + goalsQueue.length >= batchSize) void flush();
  }

  function refuse(reason: Exclude<Verdict, { status: 202 }>["reason"]): Verdict {
    counters.refused[reason] += 1;
    const status = { oversized: 413, "rate-limited": 429, "cross-origin": 403, malformed: 400, "not-a-page": 400 }[reason];
    return { status, reason } as Verdict;
  }

  async function collect(request: BeaconRequest): Promise<Verdict> {
    const time = now();
    if (crossOrigin(request)) return refuse("cross-origin");
    if (request.body === undefined || Buffer.byteLength(request.body) > MAX_BEACON_BYTES) return refuse("oversized");
    if (limited(request.address, time.getTime())) return refuse("rate-limited");
    let json: unknown;
    try {
      json = JSON.parse(request.body);
    } catch {
      return refuse("malformed");
    }
    const beacon = beaconSchema.safeParse(json);
    if (!beacon.success) return refuse("malformed");
    const page = pageOf(beacon.data.u, request.host);
    if (!page) return refuse("not-a-page");
    if (request.gpc) return { status: 202, stored: false };
    if (isbot(request.userAgent)) {
      counters.bots += 1;
      return { status: 202, stored: false };
    }
    const campaign = campaignOf(page.searchParams);
    const referrer = referrerHost(beacon.data.r ?? "", request.host);
    enqueue(queue, {
      at: time,
      visitor: visitorHash(await salt(time), request.host, request.address, request.userAgent),
      name: beacon.data.n,
      path: page.pathname,
      referrer,
      source: sourceOf(campaign, referrer),
      utmSource: campaign.utmSource,
      utmMedium: campaign.utmMedium,
      utmCampaign: campaign.utmCampaign,
      utmContent: campaign.utmContent,
      utmTerm: campaign.utmTerm,
      device: deviceOf(beacon.data.w ?? 0),
      browser: browserOf(request.userAgent),
      os: systemOf(request.userAgent),
      language: languageOf(request.acceptLanguage),
      country: countryOf(request.country),
    });
    counters.accepted += 1;
    return { status: 202, stored: true };
  }

  /** A goal the server saw happen (a contact message stored), tied to the visitor's visit. */
  async function countGoal(goal: Goal, request: Omit<BeaconRequest, "body" | "acceptLanguage" | "country">, path: string) {
    if (request.gpc || isbot(request.userAgent)) return;
    const time = now();
    const visitor = visitorHash(await salt(time), request.host, request.address, request.userAgent);
    enqueue(goalsQueue, { at: time, visitor, name: goal, path });
  }

  async function write(events: EventRow[], goalEvents: EventRow[]) {
    const db = options.db();
    for (const event of [...events, ...goalEvents]) {
      const name = partitionName(event.at);
      if (!partitions.has(name)) {
        await ensurePartition(db, event.at);
        partitions.add(name);
      }
    }
    for (let start = 0; start < events.length; start += 2000) await insertEvents(db, events.slice(start, start + 2000));
    for (const goal of goalEvents) {
      await db.execute(sql`
        insert into ${statisticsEvents} (at, visitor, name, path)
        select ${goal.at.toISOString()}::timestamptz, ${goal.visitor}, ${goal.name}, ${goal.path}
        where exists (select 1 from ${statisticsEvents} where visitor = ${goal.visitor} and name = 'pageview'
          and at > ${goal.at.toISOString()}::timestamptz - interval '1 day' and at <= ${goal.at.toISOString()}::timestamptz)`);
    }
  }

  /** Writes what is queued; a failed write is kept for the next flush (up to the queue's limit). */
  function flush(): Promise<void> {
    if (flushing) return flushing.then(() => (queue.length + goalsQueue.length > 0 ? flush() : undefined));
    if (queue.length === 0 && goalsQueue.length === 0) return Promise.resolve();
    const events = queue;
    const goalEvents = goalsQueue;
    queue = [];
    goalsQueue = [];
    flushing = write(events, goalEvents)
      .catch((error: unknown) => {
        logger.error({ err: error, events: events.length }, "statistics not written; kept for the next try");
        queue = [...events, ...queue].slice(-maxQueue);
        goalsQueue = [...goalEvents, ...goalsQueue].slice(-maxQueue);
      })
      .finally(() => {
        flushing = undefined;
      });
    return flushing;
  }

  return { collect, countGoal, flush, counters, queued: () => queue.length + goalsQueue.length };
}

export type Collector = ReturnType<typeof createCollector>;
