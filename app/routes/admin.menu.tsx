import { requireAdmin } from "~/lib/permissions.server";
import type { Route } from "./+types/admin.menu";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminTab() {
  return <h2 className="text-xl font-semibold">Меню</h2>;
}
