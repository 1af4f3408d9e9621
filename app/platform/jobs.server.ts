import { logger } from "./logger.server";

/** One piece of background work, run every `everyMs` (first after `firstAfterMs`, default `everyMs`). */
export interface Job {
  name: string;
  everyMs: number;
  firstAfterMs?: number;
  run(): Promise<unknown>;
}

export interface Scheduler {
  /** Runs the job as soon as possible (after its current run, if one is under way). */
  kick(name: string): void;
  /** Stops the timer and waits for the runs under way. */
  stop(): Promise<void>;
}

interface State {
  job: Job;
  nextAt: number;
  running?: Promise<void>;
  again: boolean;
}

/**
 * The site's one background scheduler (docs/decisions/0013-one-shared-scheduler.md): one timer
 * for every job, a job never overlapping itself, a failure logged and tried again at the next
 * turn. Work that must happen once across instances claims it in the database itself (a row
 * lock, a conditional update); the scheduler only says when to look.
 */
export function startJobs(jobs: Job[]): Scheduler {
  const states = new Map<string, State>(
    jobs.map((job) => [job.name, { job, nextAt: Date.now() + (job.firstAfterMs ?? job.everyMs), again: false }]),
  );
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  function run(state: State) {
    state.nextAt = Date.now() + state.job.everyMs;
    state.running = state.job
      .run()
      .then(() => undefined)
      .catch((error: unknown) => logger.error({ err: error, job: state.job.name }, "background job failed"))
      .finally(() => {
        state.running = undefined;
        if (state.again) {
          state.again = false;
          state.nextAt = Date.now();
        }
        arm();
      });
  }

  function tick() {
    timer = undefined;
    if (stopped) return;
    const now = Date.now();
    for (const state of states.values()) if (!state.running && state.nextAt <= now) run(state);
    arm();
  }

  function arm() {
    if (stopped) return;
    const waiting = [...states.values()].filter((state) => !state.running);
    if (waiting.length === 0) return;
    const delay = Math.max(0, Math.min(...waiting.map((state) => state.nextAt)) - Date.now());
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref();
  }

  arm();
  return {
    kick(name) {
      const state = states.get(name);
      if (!state || stopped) return;
      if (state.running) state.again = true;
      else {
        state.nextAt = Date.now();
        arm();
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await Promise.all([...states.values()].map((state) => state.running));
    },
  };
}
