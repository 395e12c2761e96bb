// The page-loading bar at the top of the window (spec §4, §9). Timing lives in progress.ts;
// this follows React Router's navigation state. A transition that ends on an error boundary
// (the router state carries errors) finishes in the sale colour.
import { useContext, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { UNSAFE_DataRouterDataContext, useNavigation } from "react-router";
import { useT } from "../../lib/i18n.ts";
import { createProgress, HIDDEN_PROGRESS } from "./progress.ts";

export function ProgressBar() {
  const t = useT();
  const navigation = useNavigation();
  const routerData = useContext(UNSAFE_DataRouterDataContext);
  const [progress] = useState(createProgress);
  const state = useSyncExternalStore(progress.subscribe, progress.getState, () => HIDDEN_PROGRESS);
  const busy = navigation.state !== "idle";
  const failed = routerData?.errors != null;
  const failedRef = useRef(failed);
  failedRef.current = failed;

  useEffect(() => {
    if (busy) progress.start();
    else progress.finish(failedRef.current);
  }, [busy, progress]);

  useEffect(() => () => progress.dispose(), [progress]);

  if (state.phase === "hidden" || state.phase === "pending") return null;
  const value = Math.round(state.value);
  return (
    <div
      role="progressbar"
      aria-label={t("page.loading")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={`pointer-events-none fixed inset-x-0 top-0 z-60 h-[3px] transition-opacity duration-300 motion-reduce:transition-none ${
        state.phase === "finishing" ? "opacity-0 delay-200" : "opacity-100"
      }`}
    >
      <div
        className={`h-full origin-left transition-transform duration-200 ease-linear motion-reduce:transition-none ${
          state.failed ? "bg-sale" : "bg-accent"
        }`}
        style={{ transform: `scaleX(${state.value / 100})` }}
      />
    </div>
  );
}
