/** The Radix half of InfoTip, loaded when a visitor first reaches for a tip (see info-tip.tsx). */
import { Info } from "lucide-react";
import React from "react";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "./tooltip";

export { TooltipProvider };

export function RadixInfoTip({ term, tipId, children }: { term: string; tipId: string; children: React.ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger
        type="button"
        data-tip-id={tipId}
        className="inline-flex size-8 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50"
        aria-label={`What is ${term}?`}
      >
        <Info className="size-4" aria-hidden="true" />
      </TooltipTrigger>
      <TooltipContent>{children}</TooltipContent>
    </Tooltip>
  );
}
