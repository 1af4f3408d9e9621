import { toast } from "sonner";

/** Toasts: failures always use the destructive style. */
export function toastSuccess(title: string, description?: string) {
  toast.success(title, { description });
}

export function toastError(title: string, description?: string) {
  toast.error(title, { description, className: "destructive" });
}
