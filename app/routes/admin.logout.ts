import { redirect } from "react-router";
import { recordEventInBackground } from "~/features/activity/activity.server";
import { signOut } from "~/features/auth/sign-in.server";
import { getDb } from "~/platform/db.server";
import { getSessionUser } from "~/features/auth/permissions.server";
import type { Route } from "./+types/admin.logout";

/**
 * Ends the session. The dashboard's Logout button asks for JSON so it can show the server's
 * reason when signing out fails; a plain form post (no script) is sent back to /admin.
 */
export async function action({ request }: Route.ActionArgs) {
  const wantsJson = request.headers.get("accept")?.includes("application/json") ?? false;
  // Who is signing out, read before the session is gone; logging out without a session logs nothing.
  const user = await getSessionUser(request).catch(() => null);
  const result = await signOut(request);
  if (result.ok && user) {
    recordEventInBackground(getDb(), { kind: "auth.sign_out", area: "auth", actor: user, target: user.email });
  }
  if (!result.ok) {
    return wantsJson
      ? Response.json({ ok: false, message: result.message }, { status: result.status })
      : new Response(result.message, { status: result.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return wantsJson ? Response.json({ ok: true }, { headers: result.headers }) : redirect("/admin", { headers: result.headers });
}

export const loader = () => redirect("/admin");
