/**
 * Explanations in tooltips, with Radix Tooltip loaded only when a visitor first moves the
 * pointer over or tabs into a group of tips. Radix Tooltip and its positioning library weigh
 * about 22 KB compressed, more than a content page's whole budget allows for, and most
 * visitors never open a tip. Until it arrives each tip is the same button, so the page
 * looks the same; if a tip had focus, it keeps it and opens.
 */
import React, { createContext, useContext, useEffect, useRef, useState } from "react";
import { TipButton } from "./tip-button";

type RadixModule = typeof import("./info-tip-radix");

const loadRadix = () => import("./info-tip-radix");
const RadixContext = createContext<RadixModule | null>(null);

/** Wraps every tip of a table or section so they share the open delay and the skip window. */
export function TooltipGroup({ children }: { children: React.ReactNode }) {
  const [radix, setRadix] = useState<RadixModule | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const focusedTip = useRef<string | null>(null);
  const hoveredTip = useRef<string | null>(null);

  const load = (event: React.SyntheticEvent) => {
    const tip = (event.target as HTMLElement).closest<HTMLElement>("[data-tip-id]")?.dataset.tipId ?? null;
    if (event.type === "focus") focusedTip.current = tip;
    else hoveredTip.current = tip;
    if (!radix) void loadRadix().then(setRadix);
  };

  // The tips were re-created inside Radix's provider: give focus back to the one that had it,
  // and replay the hover of a tip the pointer rests on (Radix opens on pointer movement).
  useEffect(() => {
    if (!radix || !container.current) return;
    const focused = focusedTip.current
      ? container.current.querySelector<HTMLElement>(`[data-tip-id="${focusedTip.current}"]`)
      : null;
    if (focused && !container.current.contains(document.activeElement)) focused.focus();
    const hovered = hoveredTip.current
      ? container.current.querySelector<HTMLElement>(`[data-tip-id="${hoveredTip.current}"]`)
      : null;
    hovered?.dispatchEvent(new PointerEvent("pointermove", { bubbles: true, pointerType: "mouse" }));
  }, [radix]);

  return (
    <div ref={container} onPointerOver={load} onPointerLeave={() => (hoveredTip.current = null)} onFocusCapture={load}>
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
