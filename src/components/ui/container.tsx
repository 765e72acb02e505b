import React from "react";
import { cn } from "../../lib/ui/cn";

const widths = {
  /** The site's frame: header, footer and most pages. */
  page: "max-w-7xl",
  /** A column of reading text, about 70 characters a line. */
  prose: "max-w-3xl",
};

interface ContainerProps {
  width?: keyof typeof widths;
  /** Adds spacing and layout; the width is chosen by `width`. */
  className?: string;
  children: React.ReactNode;
}

/** The page's horizontal frame: one gutter everywhere and a width chosen by name. */
export function Container({ width = "page", className, children }: ContainerProps) {
  return <div className={cn("mx-auto w-full px-4 sm:px-6", widths[width], className)}>{children}</div>;
}
