import { requireAdmin } from "~/lib/permissions.server";
import type { Route } from "./+types/admin.other";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminOther() {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 className="text-xl font-semibold">Другие настройки</h2>
      <p className="mt-2 text-slate-600">Дополнительные настройки появятся здесь позже.</p>
    </section>
  );
}
