import React from "react";
import { cn } from "../../lib/ui/cn";

const sizes = {
  /** Beside a line of small text. */
  sm: "size-5",
  md: "size-6",
};

/** A spinning ring; decorative, so the caller gives it an accessible label or status text. */
export function Spinner({ size = "md", className }: { size?: keyof typeof sizes; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block animate-spin rounded-full border-[3px] border-brand-200 border-t-brand-700",
        sizes[size],
        className,
      )}
    />
  );
}
