/** The Radix half of InfoTip, loaded when a visitor first reaches for a tip (see info-tip.tsx). */
import React from "react";
import { TipButton } from "./tip-button";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "./tooltip";

export { TooltipProvider };

export function RadixInfoTip({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <TipButton term={term} />
      </TooltipTrigger>
      <TooltipContent>{children}</TooltipContent>
    </Tooltip>
  );
}
