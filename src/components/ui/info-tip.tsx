import { Info } from "lucide-react";
import React from "react";
import { Tooltip, TooltipContent, TooltipTrigger } from "./tooltip";

/** A small "i" button that explains a term in a tooltip; needs a TooltipProvider above it. */
export function InfoTip({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger
        type="button"
        className="inline-flex size-8 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50"
        aria-label={`What is ${term}?`}
      >
        <Info className="size-4" aria-hidden="true" />
      </TooltipTrigger>
      <TooltipContent>{children}</TooltipContent>
    </Tooltip>
  );
}
