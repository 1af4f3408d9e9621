import { LogOut } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { toastError } from "~/components/ui/toast";

const UNEXPECTED = "An unexpected error occurred";

/**
 * Logout: 'Logging out...' while busy; on success every loader runs again at
 * /admin, which shows the login screen; on failure the server's reason, or a generic one.
 */
export function LogoutButton({ label = "Logout", variant = "outline" }: { label?: string; variant?: "outline" | "ghost" }) {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  async function logout(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const response = await fetch("/admin/logout", { method: "POST", headers: { Accept: "application/json" } });
      const body = (await response.json().catch(() => ({}))) as { ok?: boolean; message?: string };
      if (!response.ok || !body.ok) return toastError(body.message || UNEXPECTED);
      await navigate("/admin", { replace: true });
    } catch {
      toastError(UNEXPECTED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action="/admin/logout" onSubmit={(event) => void logout(event)}>
      <Button type="submit" variant={variant} size="sm" disabled={busy}>
        <LogOut /> {busy ? "Logging out..." : label}
      </Button>
    </form>
  );
}
