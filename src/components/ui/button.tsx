import { Link } from "gatsby";
import React from "react";
import { cn } from "../../lib/ui/cn";

type Variant = "primary" | "secondary" | "accent" | "ghost" | "inverse";
type Size = "compact" | "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";
const variants: Record<Variant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-700",
  secondary: "border border-brand-700 bg-white text-brand-700 hover:bg-brand-50 focus-visible:outline-brand-700",
  accent: "bg-accent-400 text-brand-900 hover:bg-accent-500 focus-visible:outline-accent-400",
  ghost: "text-brand-700 hover:bg-brand-50 focus-visible:outline-brand-700",
  /** On the dark brand background. */
  inverse: "border border-white/80 text-white hover:bg-brand-800 focus-visible:outline-white",
};
const sizes: Record<Size, string> = {
  /** A row of choices that must fit a phone's width: the same 44 px height, narrower sides. */
  compact: "min-h-11 px-2 py-2 text-sm",
  md: "min-h-11 px-4 py-2 text-sm",
  lg: "min-h-12 px-6 py-3 text-base",
};

/** The class list of a button or a link styled as one. */
export function buttonStyles({ variant = "primary", size = "md" }: { variant?: Variant; size?: Size } = {}): string {
  return cn(base, variants[variant], sizes[size]);
}

interface ButtonLinkProps {
  to: string;
  variant?: Variant;
  size?: Size;
  className?: string;
  children: React.ReactNode;
  onClick?: () => void;
}

/** A site link that looks like a button; external and tel:/mailto: targets use a plain anchor. */
export function ButtonLink({ to, variant, size, className, children, onClick }: ButtonLinkProps) {
  const classes = cn(buttonStyles({ variant, size }), className);
  if (!to.startsWith("/")) {
    return (
      <a href={to} className={classes} onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={classes} onClick={onClick}>
      {children}
    </Link>
  );
}
