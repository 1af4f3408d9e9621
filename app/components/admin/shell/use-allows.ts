import { useRouteLoaderData } from "react-router";
import { roleAllows, type Permission } from "~/features/access/matrix";

/**
 * Whether the signed-in member's role allows a permission (app/features/access/matrix.ts), read
 * from the /admin layout's loader: the dashboard shows only the actions the role may take (the
 * server refuses the others anyway, with the reason).
 */
export function useAllows(): (permission: Permission) => boolean {
  const role = (useRouteLoaderData("routes/admin") as { role?: string | null } | undefined)?.role ?? null;
  return (permission) => roleAllows(role, permission);
}
