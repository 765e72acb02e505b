import React from "react";
import { cn } from "../../lib/cn";

/** The page's horizontal frame: one max width and gutter everywhere. */
export function Container({ className, children }: { className?: string; children: React.ReactNode }) {
  return <div className={cn("mx-auto w-full max-w-7xl px-4 sm:px-6", className)}>{children}</div>;
}
