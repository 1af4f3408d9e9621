import { redirect } from "react-router";
import { signOut } from "~/lib/auth-actions.server";
import type { Route } from "./+types/admin.logout";

export async function action({ request }: Route.ActionArgs) {
  const headers = await signOut(request);
  return redirect("/admin", { headers });
}

export const loader = () => redirect("/admin");
