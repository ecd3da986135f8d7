/**
 * Draws its content only once it comes into view (issue 35 item 3: charts draw only when seen).
 * Until then it holds a box of the content's height, so nothing around it jumps when it draws;
 * once drawn it stays drawn. Where the browser has no IntersectionObserver it draws at once.
 */
import { Box } from "@mui/material";
import { type ReactNode, useCallback, useState } from "react";

/** How far below the screen an element starts drawing, so a slow scroll finds it ready. */
const AHEAD = "200px";

export function WhenSeen({ height, children }: { height: number; children: ReactNode }) {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === "undefined");
  const observe = useCallback(
    (node: HTMLDivElement | null) => {
      if (!node || seen) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setSeen(true);
            observer.disconnect();
          }
        },
        { rootMargin: AHEAD },
      );
      observer.observe(node);
      return () => observer.disconnect();
    },
    [seen],
  );
  return (
    <Box ref={observe} sx={{ width: "100%", height }} data-seen={seen} aria-busy={!seen}>
      {seen ? children : null}
    </Box>
  );
}
