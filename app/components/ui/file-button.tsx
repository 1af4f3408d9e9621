import { Loader2 } from "lucide-react";
import { useId, type ReactNode } from "react";
import { buttonVariants } from "./button";

/**
 * A button that chooses a file: a label styled as a small outline button around a hidden file
 * input, so it takes the keyboard's focus and a screen reader names it. `onFile` gets the file
 * and the input (cleared after, so the same file can be chosen again).
 */
export function FileButton({
  icon,
  label,
  busyLabel,
  busy,
  accept,
  ariaLabel,
  onFile,
}: {
  icon: ReactNode;
  label: string;
  busyLabel: string;
  busy: boolean;
  accept: string;
  ariaLabel?: string;
  onFile: (file: File | undefined, input: HTMLInputElement) => void;
}) {
  const inputId = useId();
  return (
    <label
      htmlFor={inputId}
      className={`${buttonVariants({ variant: "outline", size: "sm" })} cursor-pointer focus-within:outline-2 focus-within:outline-indigo-600`}
    >
      {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : icon}
      {busy ? busyLabel : label}
      <input
        id={inputId}
        type="file"
        accept={accept}
        className="sr-only"
        aria-label={ariaLabel}
        disabled={busy}
        onChange={(event) => onFile(event.currentTarget.files?.[0], event.currentTarget)}
      />
    </label>
  );
}
