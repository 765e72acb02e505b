/**
 * Explanations in tooltips, with Radix Tooltip (about 22 KB compressed, more than a content page's budget
 * allows) loaded only when a visitor first points at or tabs into a group of tips. Until then each tip is the
 * same button, so the page looks the same; once loaded the group is re-created inside Radix's provider, and
 * focus and a press in progress are carried over (see below).
 */
import React, { createContext, useContext, useEffect, useRef, useState } from "react";
import { TipButton } from "./tip-button";

type RadixModule = typeof import("./info-tip-radix");

const loadRadix = () => import("./info-tip-radix");
const FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";
const focusablesIn = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
const RadixContext = createContext<RadixModule | null>(null);

/** Wraps every tip of a table or section so they share the open delay and the skip window. */
export function TooltipGroup({ children }: { children: React.ReactNode }) {
  const [radix, setRadix] = useState<RadixModule | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const focusedIndex = useRef(-1);
  const hoveredTip = useRef<string | null>(null);
  const press = useRef<{ pressed: boolean; arrived: RadixModule | null }>({ pressed: false, arrived: null });

  const load = (event: React.SyntheticEvent) => {
    const target = event.target as HTMLElement;
    if (event.type === "focus") focusedIndex.current = focusablesIn(event.currentTarget as HTMLElement).indexOf(target);
    else hoveredTip.current = target.closest<HTMLElement>("[data-tip-id]")?.dataset.tipId ?? null;
    if (!radix) {
      void loadRadix().then((module) => {
        if (press.current.pressed) press.current.arrived = module;
        else setRadix(module);
      });
    }
  };

  // A press holds the swap until the click it makes has been dispatched (the click follows the
  // pointerup in the same task; the swap comes in the next one), wherever the pointer is let go.
  const holdWhilePressed = () => {
    if (radix) return;
    press.current.pressed = true;
    const release = () => {
      window.removeEventListener("pointerup", release, true);
      window.removeEventListener("pointercancel", release, true);
      window.setTimeout(() => {
        press.current.pressed = false;
        if (press.current.arrived) setRadix(press.current.arrived);
      });
    };
    window.addEventListener("pointerup", release, true);
    window.addEventListener("pointercancel", release, true);
  };

  // The group was re-created inside Radix's provider: give focus back to the element that had
  // it (by its place in the group), and replay the hover of a tip the pointer rests on (Radix
  // opens on pointer movement).
  useEffect(() => {
    if (!radix || !container.current) return;
    // Only when the swap took the focus away: a visitor who has tabbed on keeps their place.
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (focusLost && focusedIndex.current >= 0) focusablesIn(container.current)[focusedIndex.current]?.focus();
    const hovered = hoveredTip.current
      ? container.current.querySelector<HTMLElement>(`[data-tip-id="${hoveredTip.current}"]`)
      : null;
    hovered?.dispatchEvent(new PointerEvent("pointermove", { bubbles: true, pointerType: "mouse" }));
  }, [radix]);

  return (
    <div
      ref={container}
      onPointerOver={load}
      onPointerDownCapture={holdWhilePressed}
      onPointerLeave={() => (hoveredTip.current = null)}
      onFocusCapture={load}
    >
      <RadixContext.Provider value={radix}>
        {radix ? <radix.TooltipProvider>{children}</radix.TooltipProvider> : children}
      </RadixContext.Provider>
    </div>
  );
}

/** A small "i" button explaining a term (unique within its group); it must sit inside a TooltipGroup. */
export function InfoTip({ term, children }: { term: string; children: React.ReactNode }) {
  const radix = useContext(RadixContext);
  if (!radix) return <TipButton term={term} />;
  return <radix.RadixInfoTip term={term}>{children}</radix.RadixInfoTip>;
}
