import { useEffect, useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { toast } from "sonner";

type ActionData =
  | { intent: "login" | "signup"; ok: false; message: string; unexpected: boolean }
  | { intent: "login" | "signup"; ok: true; needsConfirmation: boolean };

const tabs = [
  { id: "login", label: "Вход", submit: "Войти" },
  { id: "signup", label: "Регистрация", submit: "Зарегистрироваться" },
] as const;

export function LoginScreen({ signedInAs }: { signedInAs: string | null }) {
  const [tab, setTab] = useState<"login" | "signup">("login");
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) {
      toast.success("Регистрация успешна", { description: "Проверьте почту для подтверждения аккаунта" });
    } else if (actionData.unexpected) {
      toast.error("Ошибка", { description: "Произошла неожиданная ошибка" });
    } else {
      toast.error(actionData.intent === "signup" ? "Ошибка регистрации" : "Ошибка входа", {
        description: actionData.message,
      });
    }
  }, [actionData]);

  const current = tabs.find((entry) => entry.id === tab)!;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-center text-2xl font-bold">Панель администратора</h1>
        {signedInAs ? (
          <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-800">
            Вы вошли как {signedInAs}, но у этой учётной записи нет прав администратора.
          </p>
        ) : null}
        <div role="tablist" className="mt-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1">
          {tabs.map((entry) => (
            <button
              key={entry.id}
              type="button"
              role="tab"
              aria-selected={tab === entry.id}
              onClick={() => setTab(entry.id)}
              className={`rounded-md py-2 text-sm font-medium ${tab === entry.id ? "bg-white shadow-sm" : "text-slate-600"}`}
            >
              {entry.label}
            </button>
          ))}
        </div>
        <Form method="post" className="mt-6 space-y-4" key={tab}>
          <input type="hidden" name="intent" value={tab} />
          <label className="block text-sm font-medium">
            Email
            <input name="email" type="email" required autoComplete="email" className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2" />
          </label>
          <label className="block text-sm font-medium">
            Пароль
            <input
              name="password"
              type="password"
              required
              minLength={tab === "signup" ? 6 : undefined}
              placeholder={tab === "signup" ? "Минимум 6 символов" : undefined}
              autoComplete={tab === "signup" ? "new-password" : "current-password"}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
            />
          </label>
          <button type="submit" disabled={busy} className="w-full rounded-md bg-indigo-600 py-2 font-semibold text-white disabled:opacity-60">
            {current.submit}
          </button>
          {tab === "signup" ? (
            <p className="text-xs text-slate-500">
              Первый зарегистрированный пользователь автоматически становится администратором.
            </p>
          ) : null}
        </Form>
      </div>
    </main>
  );
}
