// The statistics of the running server: its collector (startStatistics, stopped with a last flush
// on shutdown), and the flush of the queue and the roll-up and pruning runs as jobs of the site's
// shared scheduler (statisticsJobs, docs/decisions/0013-one-shared-scheduler.md).
import type { Database } from "~/platform/db.server";
import { clientIp } from "~/platform/client-address.server";
import type { Job } from "~/platform/jobs.server";
import { logger } from "~/platform/logger.server";
import { createCollector, type Collector } from "./collector.server";
import { daysToRollUp, pruneStatistics, rollUpDay, type Retention } from "./rollup.server";
import { fillPairs, whenPairAsked } from "./pairs.server";
import { packMissingDays } from "./day-columns.server";
import { dayOf } from "./salt.server";
import type { Goal } from "./schema";

export interface StatisticsOptions extends Retention {
  db: () => Database;
  ratePerMinute: number;
  /** How often the queue is written. */
  flushEveryMs?: number;
  /** How often recent days are rolled up and old data pruned. */
  rollUpEveryMs?: number;
}

let current: { collector: Collector; refresh: () => Promise<unknown>; jobs: Job[] } | undefined;

/** The running collector, or undefined with ANALYTICS=off (and in tests that start none). */
export const getCollector = () => current?.collector;

/**
 * Rolls up every day of the last `days` whose raw events differ in number from what its last
 * roll-up read (daysToRollUp): today while events arrive, yesterday once more after midnight
 * (then with its per-filter figures), a day an instance missed, a batch written during a roll-up.
 */
export async function rollUpRecent(db: Database, now = new Date(), days = 40) {
  for (const day of await daysToRollUp(db, `${dayOf(new Date(now.getTime() - days * 86_400_000))}T00:00:00Z`))
    await rollUpDay(db, day, now);
}

/** A job run that never throws and never overlaps itself; `idle` waits for the run under way, if any. */
function guarded(name: string, run: () => Promise<unknown>) {
  let running: Promise<unknown> | undefined;
  const start = () => {
    running ??= run()
      .catch((error: unknown) => logger.error({ err: error }, `statistics ${name} failed`))
      .finally(() => (running = undefined));
    return running;
  };
  return Object.assign(start, { idle: async () => void (await running) });
}

/** Starts collecting (its jobs: statisticsJobs); returns the function that stops it after writing what is queued. */
export function startStatistics(options: StatisticsOptions): () => Promise<void> {
  const collector = createCollector({ db: options.db, ratePerMinute: options.ratePerMinute });
  // The pairs of filter values a view asked for, rolled up in the background: started by the
  // view, and by every roll-up run for a pair a restart interrupted.
  const stopping = new AbortController();
  const fill = guarded("pair roll-up", () => fillPairs(options.db(), stopping.signal));
  const stopAsking = whenPairAsked(() => void fill());
  const rollUp = guarded("roll-up", async () => {
    await collector.flush();
    await rollUpRecent(options.db());
    await pruneStatistics(options.db(), options);
    await packMissingDays(options.db(), dayOf(new Date()));
    await fill();
  });
  // The dashboard's view of today and yesterday: what this server queued, rolled up when the
  // day's events differ in number from what its roll-up read (whenever and by whom they were
  // written: an event is never left out because it arrived while a roll-up ran).
  const refresh = guarded("refresh", async () => {
    await collector.flush();
    await rollUpRecent(options.db(), new Date(), 1);
  });
  const jobs: Job[] = [
    { name: "statistics-flush", everyMs: options.flushEveryMs ?? 2_000, run: () => collector.flush() },
    { name: "statistics-roll-up", everyMs: options.rollUpEveryMs ?? 5 * 60_000, firstAfterMs: 5_000, run: rollUp },
  ];
  current = { collector, refresh, jobs };
  return async () => {
    if (current?.collector === collector) current = undefined;
    stopAsking();
    stopping.abort();
    await fill.idle();
    await collector.flush();
  };
}

/** The running collector's background work, for the shared scheduler (none with ANALYTICS=off). */
export const statisticsJobs = (): Job[] => current?.jobs ?? [];

/** Makes today's figures current before the dashboard reads them. */
export const refreshStatistics = async () => {
  await current?.refresh();
};

/** Counts a goal the server saw (a contact message stored) for the visit the request belongs to. */
export function countServerGoal(request: Request, goal: Goal, path: string) {
  const collector = current?.collector;
  if (!collector) return;
  collector
    .countGoal(
      goal,
      {
        address: clientIp(request),
        userAgent: request.headers.get("user-agent") ?? "",
        gpc: request.headers.get("sec-gpc") === "1",
        host: new URL(request.url).host,
      },
      path,
    )
    .catch((error: unknown) => logger.warn({ err: error }, "statistics goal not counted"));
}
