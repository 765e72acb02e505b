import * as lucide from "lucide";
import { iconFrom } from "./icons";
import React, { forwardRef } from "react";

const Info = iconFrom(lucide.Info);

/** The small "i" button of an explanation tooltip; Radix's trigger wraps it once loaded. */
export const TipButton = forwardRef<HTMLButtonElement, React.ComponentPropsWithoutRef<"button"> & { term: string }>(
  ({ term, ...props }, ref) => (
    <button
      ref={ref}
      type="button"
      data-tip-id={term}
      className="inline-flex size-8 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50"
      aria-label={`What is ${term}?`}
      {...props}
    >
      <Info className="size-4" aria-hidden="true" />
    </button>
  ),
);
TipButton.displayName = "TipButton";
