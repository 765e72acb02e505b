import type { IconNode } from "lucide";
import React from "react";
import { escapeHtml } from "../../lib/text/html-escape";

type IconProps = { className?: string };

/** An icon's shapes as SVG markup, e.g. `<path d="M5 12h14"/>`. */
function shapesMarkup(node: IconNode): string {
  return node
    .map(([tag, attributes]) => {
      const list = Object.entries(attributes)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => `${name}="${escapeHtml(String(value))}"`);
      return `<${tag} ${list.join(" ")}/>`;
    })
    .join("");
}

/**
 * A decorative 24px stroke icon (Lucide's drawing style) as one element whose shapes React never
 * sees: set as markup, they are not compared one by one when the page hydrates, and the icon costs
 * React one element. On /services (Chromium, 4x CPU slowdown, CPU profiles of 5 interleaved loads)
 * Lucide's React components took 22-57 ms of script; script time fell by 87 ms on average.
 * Each component makes the icons it draws (`iconFrom(lucide.Phone)`), so a drawing travels in
 * the script of the pages that show it. No `xmlns` (an SVG inside HTML is SVG without it) and no
 * `focusable` (only Internet Explorer let an SVG take focus): on a page with many icons the two
 * were 40-90 B gzip of HTML.
 */
export function iconFrom(node: IconNode) {
  let shapes: { __html: string } | undefined; // made on first use: a page draws only a few icons
  return function Icon({ className }: IconProps) {
    shapes ??= { __html: shapesMarkup(node) };
    return (
      <svg
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        className={className}
        dangerouslySetInnerHTML={shapes}
      />
    );
  };
}
