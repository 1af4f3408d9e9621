import { redirect } from "react-router";
import { getAdminStatus } from "~/features/auth/permissions.server";
import { landingFor } from "~/components/admin/dashboard-tabs";
import type { Route } from "./+types/admin._index";

export async function loader({ request }: Route.LoaderArgs) {
  const { isAdmin, mustEnrol, role, user } = await getAdminStatus(request);
  // Admins land on the first tab; everyone else stays on /admin and sees the login screen (or,
  // while two-factor is required and not set up, the enrolment screen).
  if (isAdmin && !mustEnrol) throw redirect(landingFor(role, user?.locales));
  return null;
}

export default function AdminIndex() {
  return null;
}
