import React from "react";
import { cn } from "../../lib/cn";

/** A spinning ring; decorative, so the caller gives it an accessible label or status text. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block size-6 animate-spin rounded-full border-[3px] border-brand-200 border-t-brand-700",
        className,
      )}
    />
  );
}
