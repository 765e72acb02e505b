import React from "react";
import { cn } from "../../lib/cn";

/**
 * The scrolling frame of a table wider than a phone. Chromium leaves a focused element that is
 * partly inside a scrolling box where it is, so a keyboard user could tab to a link half cut off
 * at the frame's edge, its focus outline with it: each focus scrolls the whole element into view,
 * with the scroll padding as room for the outline.
 */
export function TableScroller({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    // relative: screen-reader-only text inside is positioned absolutely and must scroll with the table, not widen the page.
    // The frame is no control: it only hears its cells' focus, which Tab and the cells' own elements handle.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className={cn("relative scroll-px-4 overflow-x-auto rounded-xl border border-slate-200", className)}
      onFocus={(event) => {
        // Keyboard focus only: a mouse press focuses a link before its click, and moving the link
        // from under the pointer then would lose the click.
        if (event.target.matches(":focus-visible"))
          event.target.scrollIntoView({ block: "nearest", inline: "nearest" });
      }}
    >
      {children}
    </div>
  );
}
