/**
 * Radix Tooltip with the site's timing (src/lib/ui/constants.ts): it opens 700 ms after the pointer rests on
 * the trigger, or at once on keyboard focus; within 300 ms of one closing the next opens at
 * once. It closes on pointer leave, blur, click, Escape or scroll (Radix's behavior).
 */
import * as RadixTooltip from "@radix-ui/react-tooltip";
import React from "react";
import { cn } from "../../lib/ui/cn";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "../../lib/ui/constants";

export function TooltipProvider({ children }: { children: React.ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </RadixTooltip.Provider>
  );
}

export const Tooltip = RadixTooltip.Root;
export const TooltipTrigger = RadixTooltip.Trigger;

export const TooltipContent = React.forwardRef<
  React.ElementRef<typeof RadixTooltip.Content>,
  React.ComponentPropsWithoutRef<typeof RadixTooltip.Content>
>(({ className, sideOffset = 6, children, ...props }, ref) => (
  <RadixTooltip.Portal>
    <RadixTooltip.Content
      ref={ref}
      sideOffset={sideOffset}
      collisionPadding={12}
      className={cn(
        "z-50 max-w-xs rounded-lg bg-slate-900 px-3 py-2 text-sm leading-6 text-white shadow-lg",
        className,
      )}
      {...props}
    >
      {children}
      <RadixTooltip.Arrow className="fill-slate-900" />
    </RadixTooltip.Content>
  </RadixTooltip.Portal>
));
TooltipContent.displayName = "TooltipContent";
