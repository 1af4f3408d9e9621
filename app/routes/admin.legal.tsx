import { requireAdmin } from "~/lib/permissions.server";
import type { Route } from "./+types/admin.legal";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminTab() {
  return <h2 className="text-xl font-semibold">Юридические страницы</h2>;
}
