import { useEffect } from "react";
import { STATISTICS_SCRIPT_PATH } from "~/features/statistics/tracker-contract";

/**
 * Loads the statistics' tracking script once the page has hydrated, so it is never on the paint
 * path; the script counts the router's later navigations itself (docs/statistics.md).
 */
export function useStatisticsScript(enabled: boolean) {
  useEffect(() => {
    if (!enabled || document.querySelector(`script[src="${STATISTICS_SCRIPT_PATH}"]`)) return;
    const script = document.createElement("script");
    script.src = STATISTICS_SCRIPT_PATH;
    script.async = true;
    document.body.appendChild(script);
  }, [enabled]);
}
