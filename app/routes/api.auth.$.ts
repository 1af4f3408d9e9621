import { getAuth } from "~/lib/auth.server";
import { assertSameOrigin } from "~/lib/permissions.server";
import { limitAuthAttempt } from "~/lib/rate-limit.server";
import type { Route } from "./+types/api.auth.$";

export function loader({ request }: Route.LoaderArgs) {
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
  const attempt = path.startsWith("/api/auth/sign-in")
    ? "sign-in"
    : path.startsWith("/api/auth/sign-up")
      ? "sign-up"
      : undefined;
  const limited = attempt ? await limitAuthAttempt(request, attempt) : null;
  return limited ?? getAuth().handler(request);
}
