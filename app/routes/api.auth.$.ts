import { getAuth } from "~/features/auth/auth.server";
import { accountInBody, servedAuthPath } from "~/features/auth/auth-paths.server";
import { assertSameOrigin } from "~/features/auth/permissions.server";
import { limitAuthAttempt } from "~/platform/rate-limit.server";
import type { Route } from "./+types/api.auth.$";

/**
 * better-auth's endpoints, those the site serves (auth-paths.server.ts), each under the product's
 * limiter; every other path answers 404. Two-factor enrolment and the code step of a sign-in go
 * through the dashboard's own actions (admin.two-factor.ts and the /admin action).
 */
const notServed = () => Response.json({ message: "Not found" }, { status: 404 });

async function handle(request: Request) {
  const served = servedAuthPath(new URL(request.url).pathname);
  if (!served) return notServed();
  const account = served.byAccount ? await accountInBody(request) : undefined;
  const limited = await limitAuthAttempt(request, served.attempt, { account });
  return limited ?? getAuth().handler(request);
}

export function loader({ request }: Route.LoaderArgs) {
  return handle(request);
}

export async function action({ request }: Route.ActionArgs) {
  try {
    // better-auth checks origins only for requests that carry cookies; sign-in and sign-up
    // must come from this site's pages too.
    assertSameOrigin(request);
  } catch (refused) {
    return refused as Response;
  }
  return handle(request);
}
