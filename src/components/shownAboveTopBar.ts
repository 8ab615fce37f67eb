import { type RefObject, useEffect } from "react";

/**
 * Keeps `--shown-above` on `frame` at the height of whatever above the top bar is still on screen
 * (the simulators' "Simulated payments…" bar, until it scrolls away). The sidebar sticks below the
 * top bar and is as tall as the window less both, so its last link and Log out end at the window's
 * bottom edge rather than that much below it, where nothing could scroll them into view.
 */
export function useShownAboveTopBar(
  frame: RefObject<HTMLElement | null>,
  topBar: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    let drawn = -1;
    let queued = 0;
    const measure = () => {
      queued = 0;
      const shown = Math.max(0, Math.round(topBar.current?.getBoundingClientRect().top ?? 0));
      if (shown === drawn) return;
      drawn = shown;
      frame.current?.style.setProperty("--shown-above", `${shown}px`);
    };
    const queue = () => {
      if (!queued) queued = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", queue, { passive: true });
    window.addEventListener("resize", queue);
    return () => {
      cancelAnimationFrame(queued);
      window.removeEventListener("scroll", queue);
      window.removeEventListener("resize", queue);
    };
  }, [frame, topBar]);
}
