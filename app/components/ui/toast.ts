import { toast } from "sonner";

/** Toasts of SPEC §8: failures always use the destructive style. */
export function toastSuccess(title: string, description?: string) {
  toast.success(title, { description });
}

export function toastError(title: string, description?: string) {
  toast.error(title, { description, className: "destructive" });
}
