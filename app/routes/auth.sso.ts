import { startSsoSignIn } from "~/features/sso/sign-in.server";
import type { Route } from "./+types/auth.sso";

/** 'Войти через SSO': to the OpenID provider's sign-in page (app/features/sso). Public: no session needed. */
export function loader({ request }: Route.LoaderArgs) {
  return startSsoSignIn(request);
}
