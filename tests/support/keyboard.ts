/**
 * What a keyboard user meets on a page: every element Tab should reach, and for each stop whether
 * its focus can be seen (an outline or ring of 3:1 contrast, in view, not covered, not clipped).
 */
import { expect, type Page } from "@playwright/test";

const FOCUSABLE =
  "a[href], area[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), " +
  "textarea:not([disabled]), summary, iframe, [contenteditable=''], [contenteditable=true], [tabindex]:not([tabindex='-1'])";

/** What a Tab stop looked like when it had focus. */
export interface Stop {
  key: string;
  description: string;
  /** Why its focus is not visible, or null when it is. */
  problem: string | null;
}

/**
 * Marks every element a keyboard user should be able to reach (focusable, rendered, not hidden
 * from assistive technology) and returns their keys. An InfoTip is keyed by its id, since its
 * button is swapped for the tooltip's when the tooltip code arrives.
 */
export function markReachable(page: Page, scope: string): Promise<string[]> {
  return page.evaluate(
    ({ selector, scope }) => {
      const root = document.querySelector(scope) ?? document.body;
      const candidates = [...root.querySelectorAll<HTMLElement>(selector)];
      const reachable = candidates.filter(
        (element) =>
          element.checkVisibility({ visibilityProperty: true }) &&
          !element.closest("[aria-hidden=true], [inert]") &&
          element.tabIndex >= 0,
      );
      const keys = reachable.map((element, index) => {
        const radio = element instanceof HTMLInputElement && element.type === "radio" ? element.name : null;
        const key = element.dataset.tipId ? `tip:${element.dataset.tipId}` : radio ? `radio:${radio}` : `el:${index}`;
        element.dataset.keyboardKey = key;
        return key;
      });
      return [...new Set(keys)];
    },
    { selector: FOCUSABLE, scope },
  );
}

/**
 * The focused element: its key, a description, whether its focus indicator can be seen, and
 * whether it is inside `within`; null when focus is on the body.
 */
function focusedStop(page: Page, within: string | null): Promise<(Stop & { inside: boolean }) | null> {
  return page.evaluate(async (within) => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const inside = within !== null && Boolean(document.querySelector(within)?.contains(element));
    // Colour transitions (Tailwind's transition-colors) include the outline: judge the end state.
    await Promise.all(element.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    const key = element.dataset.tipId ? `tip:${element.dataset.tipId}` : (element.dataset.keyboardKey ?? "unmarked");
    const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().replace(/\s+/g, " ");
    const description = `<${element.tagName.toLowerCase()}> "${name.slice(0, 40)}"`;

    // Any CSS colour (Tailwind 4 computes oklch and oklab) as sRGB bytes and alpha, through a canvas.
    const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const rgba = (color: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = canvas.getImageData(0, 0, 1, 1).data;
      return { r, g, b, a: a / 255 };
    };
    const luminance = (color: string) => {
      const { r, g, b } = rgba(color);
      const [R, G, B] = [r, g, b].map((value) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * R + 0.7152 * G + 0.0722 * B;
    };
    const contrast = (a: string, b: string) => {
      const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (high + 0.05) / (low + 0.05);
    };
    /** The first mostly opaque background behind the outline: the parents' (the outline is offset). */
    const backdrop = () => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        const color = getComputedStyle(node).backgroundColor;
        if (rgba(color).a > 0.5) return color;
      }
      return "rgb(255, 255, 255)";
    };

    /**
     * An ancestor that cuts off part of the outline: one that clips what overflows it (overflow
     * other than visible, or paint containment, which content-visibility brings) where the
     * outline reaches past its padding box and the overflow-clip-margin that widens it.
     */
    const clippedBy = (target: HTMLElement, targetStyle: CSSStyleDeclaration): string | null => {
      const reach = parseFloat(targetStyle.outlineOffset) + parseFloat(targetStyle.outlineWidth);
      const outlines = [...target.getClientRects()].map((rect) => ({
        left: rect.left - reach,
        right: rect.right + reach,
        top: rect.top - reach,
        bottom: rect.bottom + reach,
      }));
      for (let node = target.parentElement; node; node = node.parentElement) {
        const css = getComputedStyle(node);
        const paintContained = /paint|strict|content/.test(css.contain) || css.contentVisibility !== "visible";
        const clipsX = paintContained || css.overflowX !== "visible";
        const clipsY = paintContained || css.overflowY !== "visible";
        if (!clipsX && !clipsY) continue;
        // overflow-clip-margin widens only a paint-containment or overflow: clip edge.
        const margin = paintContained || css.overflowX === "clip" ? parseFloat(css.overflowClipMargin) || 0 : 0;
        const box = node.getBoundingClientRect();
        const edge = {
          left: box.left + parseFloat(css.borderLeftWidth) - margin,
          right: box.right - parseFloat(css.borderRightWidth) + margin,
          top: box.top + parseFloat(css.borderTopWidth) - margin,
          bottom: box.bottom - parseFloat(css.borderBottomWidth) + margin,
        };
        const cut = outlines.some(
          (outline) =>
            (clipsX && (outline.left < edge.left - 0.5 || outline.right > edge.right + 0.5)) ||
            (clipsY && (outline.top < edge.top - 0.5 || outline.bottom > edge.bottom + 0.5)),
        );
        if (cut) return `focus outline cut off by <${node.tagName.toLowerCase()} class="${node.className}">`;
      }
      return null;
    };

    /** Whether the focused element is in view, on top, and its outline whole; null when it is. */
    const placement = (target: HTMLElement, targetStyle: CSSStyleDeclaration, outlined: boolean): string | null => {
      const box = target.getBoundingClientRect();
      const inView = box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
      const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
      const onTop = document.elementFromPoint(x, y);
      if (!inView) return "focused but outside the viewport";
      if (onTop && !target.contains(onTop) && !onTop.contains(target)) {
        return `covered by ${onTop.tagName.toLowerCase()}${onTop.id ? `#${onTop.id}` : ""}`;
      }
      return outlined ? clippedBy(target, targetStyle) : null;
    };

    const style = getComputedStyle(element);
    const outlined = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 1;
    const shadowed = style.boxShadow !== "none";
    let problem: string | null = null;
    const ratio = outlined ? contrast(style.outlineColor, backdrop()) : 0;
    if (!outlined && !shadowed) {
      problem = "no focus outline or ring";
    } else if (outlined && !shadowed && ratio < 3) {
      problem = `focus outline ${style.outlineColor} has ${ratio.toFixed(2)}:1 contrast against ${backdrop()}, under 3:1`;
    } else {
      problem = placement(element, style, outlined);
      // A focus that moves into a block laid out only when near (content-visibility: auto) is
      // placed before that block has its real size: what is painted is the next frame's layout,
      // so a stop that looks out of place is judged again there.
      if (problem) {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        problem = placement(element, getComputedStyle(element), outlined);
      }
    }
    return { key, description, problem, inside };
  }, within);
}

/**
 * Loads the tooltip code first, if the page has tips: its arrival re-creates the tips' group,
 * and with it the marks this test puts on elements. The group loads it on a pointer over any of
 * its parts; one over a cell beside a tip, not a tip, so no tooltip is opened (a keyboard user
 * who never hovers never sees one). Keeping focus through that swap has its own test in
 * content.spec.ts.
 */
export async function loadTooltips(page: Page): Promise<void> {
  const tip = page.locator("[data-tip-id]").first();
  if (!(await tip.count())) return;
  await tip.locator("xpath=..").dispatchEvent("pointerover");
  await expect(page.locator("[data-tip-id][data-state]").first()).toBeAttached();
  await expect(page.getByRole("tooltip")).toHaveCount(0);
}

/**
 * Presses Tab until focus comes back round, and returns each stop in order; with `until`, stops
 * too where focus leaves that element, once it has been inside it.
 */
export async function tabThrough(page: Page, limit: number, until?: string): Promise<Stop[]> {
  const stops: Stop[] = [];
  let entered = false;
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press("Tab");
    const stop = await focusedStop(page, until ?? null);
    if (stop?.inside) entered = true;
    else if (entered) break;
    if (!stop || stops.some((seen) => seen.key === stop.key)) break;
    stops.push(stop);
  }
  return stops;
}
