import { getAuth } from "~/features/auth/auth.server";
import { assertSameOrigin } from "~/features/auth/permissions.server";
import { limitAuthAttempt } from "~/platform/rate-limit.server";
import type { Route } from "./+types/api.auth.$";

/**
 * Two-factor enrolment and the code step of a sign-in go through the dashboard's own actions
 * (admin.two-factor.ts and the /admin action), which rate-limit the codes and log each attempt;
 * better-auth's own endpoints for them are not served.
 */
const TWO_FACTOR_PATH = /^\/api\/auth\/(two-factor|totp)\//;
const notServed = () => Response.json({ message: "Not found" }, { status: 404 });

export function loader({ request }: Route.LoaderArgs) {
  if (TWO_FACTOR_PATH.test(new URL(request.url).pathname)) return notServed();
  return getAuth().handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  try {
    // better-auth checks origins only for requests that carry cookies; sign-in and sign-up
    // must come from this site's pages too.
    assertSameOrigin(request);
  } catch (refused) {
    return refused as Response;
  }
  const path = new URL(request.url).pathname;
  if (TWO_FACTOR_PATH.test(path)) return notServed();
  const attempt = path.startsWith("/api/auth/sign-in") ? "sign-in" : path.startsWith("/api/auth/sign-up") ? "sign-up" : undefined;
  const limited = attempt ? await limitAuthAttempt(request, attempt) : null;
  return limited ?? getAuth().handler(request);
}
