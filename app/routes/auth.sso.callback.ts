import { finishSsoSignIn } from "~/features/sso/sign-in.server";
import type { Route } from "./+types/auth.sso.callback";

/** Where the OpenID provider sends the browser back (app/features/sso): checked, then /admin. */
export function loader({ request }: Route.LoaderArgs) {
  return finishSsoSignIn(request);
}
