import React from "react";
import { cn } from "../../lib/ui/cn";

/** Room left between a focused element and the frame's edge or a held heading: its outline. */
const OUTLINE_ROOM = 6;

/**
 * The part of the frame where a focused element is wholly seen: the frame's box less the
 * headings held in place over it (a sticky header row above, a sticky first column at the left),
 * unless the element is itself inside one of them.
 */
function clearArea(frame: HTMLElement, target: Element): DOMRect {
  const area = frame.getBoundingClientRect();
  let { top, left } = area;
  const { bottom, right } = area;
  const held = (cell: Element | null) => cell !== null && getComputedStyle(cell).position === "sticky";
  const headerCell = frame.querySelector("thead th");
  if (held(headerCell) && !target.closest("thead")) top = Math.max(top, headerCell!.getBoundingClientRect().bottom);
  const rowHeading = target.closest("tr")?.querySelector("th") ?? null;
  if (held(rowHeading) && !target.closest("th")) left = Math.max(left, rowHeading!.getBoundingClientRect().right);
  return new DOMRect(left, top, right - left, bottom - top);
}

/** Scrolls the frame the least that brings the element and its outline wholly into its clear area. */
function reveal(frame: HTMLElement, target: Element) {
  const area = clearArea(frame, target);
  const box = target.getBoundingClientRect();
  const shift = (start: number, end: number, areaStart: number, areaEnd: number) => {
    if (start - OUTLINE_ROOM < areaStart) return start - OUTLINE_ROOM - areaStart;
    if (end + OUTLINE_ROOM > areaEnd) return Math.min(end + OUTLINE_ROOM - areaEnd, start - OUTLINE_ROOM - areaStart);
    return 0;
  };
  frame.scrollBy({
    left: shift(box.left, box.right, area.left, area.right),
    top: shift(box.top, box.bottom, area.top, area.bottom),
  });
  // Then the page, where the frame itself is partly off the screen.
  target.scrollIntoView({ block: "nearest", inline: "nearest" });
}

/**
 * The scrolling frame of a table wider than a phone. Chromium leaves a focused element that is
 * partly inside a scrolling box where it is, so a keyboard user could tab to a link half cut off
 * at the frame's edge, its focus outline with it: each keyboard focus scrolls the frame until the
 * whole element and its outline are seen, clear of any headings the table holds in place.
 */
export function TableScroller({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    // relative: screen-reader-only text inside is positioned absolutely and must scroll with the table, not widen the page.
    // The frame is no control: it only hears its cells' focus, which Tab and the cells' own elements handle.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className={cn("relative overflow-x-auto rounded-xl border border-slate-200", className)}
      onFocus={(event) => {
        // Keyboard focus only: a mouse press focuses a link before its click, and moving the link
        // from under the pointer then would lose the click.
        if (event.target.matches(":focus-visible")) reveal(event.currentTarget, event.target);
      }}
    >
      {children}
    </div>
  );
}
