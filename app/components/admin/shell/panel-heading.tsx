import type { ComponentType, ReactNode } from "react";

/** A dashboard section's heading: its icon and its title, named by `id` for the section's aria-labelledby. */
export function PanelHeading({
  id,
  icon: Icon,
  children,
}: {
  id: string;
  icon: ComponentType<{ className?: string; "aria-hidden"?: "true" }>;
  children: ReactNode;
}) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-xl font-semibold text-slate-900">
      <Icon aria-hidden="true" className="size-5 text-indigo-600" />
      {children}
    </h2>
  );
}
