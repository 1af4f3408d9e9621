// Route loaders and actions answer 503 (database-outage.server.ts) when they failed because the
// database cannot be reached, instead of React Router's 500 and its crash log.
import type { ServerBuild } from "react-router";
import { databaseOutageSince, failedForOutage, OUTAGE_RETRY_AFTER_SECONDS, outageResponse } from "~/platform/database-outage.server";
import type express from "express";

type RouteFunction = (args: unknown) => unknown;

function answerOutages(fn: RouteFunction | undefined): RouteFunction | undefined {
  if (!fn) return fn;
  return async (args) => {
    let result: unknown;
    try {
      result = await fn(args);
    } catch (error) {
      // Refusals (responses, data()) pass; only an unexpected error may be the database's.
      if (error instanceof Error && (await failedForOutage(error))) throw outageResponse();
      throw error;
    }
    // A handler that answers its own 5xx (better-auth's /api/auth) is checked the same way.
    if (result instanceof Response && result.status >= 500 && result.status !== 503 && (await failedForOutage(null)))
      return outageResponse();
    return result;
  };
}

function wrapBuild(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const module = route.module as unknown as Record<string, unknown>;
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        loader: answerOutages(module.loader as RouteFunction | undefined),
        action: answerOutages(module.action as RouteFunction | undefined),
      } as typeof route.module,
    };
  }
  return { ...build, routes };
}

/** The build with every route's loader and action answering 503 during a database outage. */
export function withOutageAnswers(build: ServerBuild | (() => Promise<ServerBuild>)) {
  if (typeof build !== "function") return wrapBuild(build);
  return async () => wrapBuild(await build());
}

/** Every 503 sent during an outage says when to come back (whatever answered it). */
export function outageRetryAfter(_req: express.Request, res: express.Response, next: express.NextFunction) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: express.Response, ...args: unknown[]) {
    const status = typeof args[0] === "number" ? args[0] : this.statusCode;
    if (status === 503 && databaseOutageSince() && !this.hasHeader("Retry-After"))
      this.setHeader("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
    return (writeHead as (...parts: unknown[]) => express.Response).apply(this, args);
  } as typeof res.writeHead;
  next();
}
