import { siteRequest } from "./test-database";

type RouteFunction = (args: never) => unknown;

export interface RouteAnswer {
  status: number;
  // Tests read into whatever shape the route answered.
  body: any;
}

/**
 * Calls a route module's loader or action as React Router would, and reads what it answers
 * (a Response, `data(...)`, a plain object, or a thrown Response) as status and body.
 */
export async function callRoute(
  handler: RouteFunction,
  request: Request,
  params: Record<string, string | undefined> = {},
): Promise<RouteAnswer> {
  const read = async (value: unknown): Promise<RouteAnswer> => {
    if (value instanceof Response) return { status: value.status, body: await value.json().catch(() => null) };
    if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
      const wrapped = value as { data: unknown; init: ResponseInit | null };
      return { status: wrapped.init?.status ?? 200, body: wrapped.data };
    }
    return { status: 200, body: value };
  };
  try {
    return await read(await handler({ request, url: new URL(request.url), params, context: { nonce: "" } } as never));
  } catch (thrown) {
    if (thrown instanceof Response || (thrown as { type?: string })?.type === "DataWithResponseInit") return read(thrown);
    throw thrown;
  }
}

/** A form post to a dashboard route, as the browser's fetcher sends it. */
export function postForm(pathname: string, fields: Record<string, string | number>, cookie?: string, origin?: string) {
  const body = new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, String(value)]));
  return siteRequest(pathname, { method: "POST", body, cookie, headers: origin ? { origin } : undefined });
}
