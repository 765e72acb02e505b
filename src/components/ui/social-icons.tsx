/** Outline marks for the four social networks, drawn in the same 24px stroke style as the UI icons. */
import { iconFrom } from "./icons";

export const FacebookIcon = iconFrom([
  ["path", { d: "M15 3h-2.5A4.5 4.5 0 0 0 8 7.5V10H5.5v4H8v7h4v-7h3l.5-4H12V7.5A.5.5 0 0 1 12.5 7H15z" }],
]);

export const InstagramIcon = iconFrom([
  ["rect", { x: "3", y: "3", width: "18", height: "18", rx: "5" }],
  ["circle", { cx: "12", cy: "12", r: "4" }],
  ["path", { d: "M17.5 6.5h.01" }],
]);

export const LinkedInIcon = iconFrom([
  ["rect", { x: "3", y: "3", width: "18", height: "18", rx: "3" }],
  ["path", { d: "M8 11v6M8 7.5v.01M12 17v-6M12 13.5a2.5 2.5 0 0 1 5 0V17" }],
]);

export const YouTubeIcon = iconFrom([
  ["rect", { x: "2", y: "5", width: "20", height: "14", rx: "4" }],
  ["path", { d: "m10 9 5 3-5 3z" }],
]);
