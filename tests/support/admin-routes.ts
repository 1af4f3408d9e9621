import { siteRequest } from "./test-database";

type RouteFunction = (args: never) => unknown;

export interface RouteAnswer {
  status: number;
  // Tests read into whatever shape the route answered.
  body: any;
  /** True when the route threw its answer (as requireAdmin does) instead of returning it. */
  thrown: boolean;
  headers: Headers;
}

const isDataWithInit = (value: unknown): value is { data: unknown; init: ResponseInit | null } =>
  typeof value === "object" && value !== null && (value as { type?: string }).type === "DataWithResponseInit";

async function read(value: unknown, thrown: boolean): Promise<RouteAnswer> {
  if (value instanceof Response) {
    const text = await value.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: value.status, body, thrown, headers: value.headers };
  }
  if (isDataWithInit(value))
    return { status: value.init?.status ?? 200, body: value.data, thrown, headers: new Headers(value.init?.headers) };
  return { status: 200, body: value, thrown, headers: new Headers() };
}

/**
 * Calls a route module's loader or action as React Router would and reads its answer (a
 * Response, `data(...)`, a plain object, or a thrown Response) as status and body.
 */
export async function callRoute(handler: RouteFunction, request: Request, params: Record<string, string> = {}) {
  try {
    return await read(await handler({ request, url: new URL(request.url), params, context: { nonce: "" } } as never), false);
  } catch (error) {
    if (error instanceof Response || isDataWithInit(error)) return read(error, true);
    throw error;
  }
}

/** A form post to a dashboard route, as the browser's fetcher sends it. */
export function postForm(pathname: string, fields: Record<string, string | number>, cookie?: string, origin?: string) {
  const body = new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, String(value)]));
  return siteRequest(pathname, { method: "POST", body, cookie, headers: origin ? { origin } : undefined });
}
