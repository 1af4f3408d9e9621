import { LogOut } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { toastError } from "~/components/ui/toast";
import { useMessages } from "~/components/admin/i18n/messages-context";

/**
 * Logout ('Выйти'; 'Logging out...' in English while busy): on success every loader runs again at
 * /admin, which shows the login screen; on failure the server's reason, or a generic one.
 */
export function LogoutButton({ variant = "outline" }: { variant?: "outline" | "ghost" }) {
  const { m } = useMessages();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  async function logout(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const response = await fetch("/admin/logout", { method: "POST", headers: { Accept: "application/json" } });
      const body = (await response.json().catch(() => ({}))) as { ok?: boolean; message?: string };
      if (!response.ok || !body.ok) return toastError(body.message || m.common.unexpected);
      await navigate("/admin", { replace: true });
    } catch {
      toastError(m.common.unexpected);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action="/admin/logout" onSubmit={(event) => void logout(event)}>
      <Button type="submit" variant={variant} size="sm" disabled={busy}>
        <LogOut /> {busy ? m.shell.loggingOut : m.shell.logout}
      </Button>
    </form>
  );
}
