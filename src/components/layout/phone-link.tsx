import * as lucide from "lucide";
import { iconFrom } from "../ui/icons";
import React from "react";
import { cn } from "../../lib/ui/cn";
import { telHref } from "../../lib/text/phone";

const Phone = iconFrom(lucide.Phone);

interface PhoneLinkProps {
  phone: string;
  /** "icon" keeps the number as the accessible name but shows only the handset. */
  display?: "full" | "icon";
  /** "light" for dark backgrounds such as the footer. */
  tone?: "brand" | "light";
  className?: string;
}

const tones = {
  brand: "text-brand-700 hover:bg-brand-50",
  // The site's blue focus outline is too faint on a dark background (2.3:1); white keeps 3:1.
  light: "text-white hover:bg-brand-800 focus-visible:outline-white",
};

export function PhoneLink({ phone, display = "full", tone = "brand", className }: PhoneLinkProps) {
  return (
    <a
      href={telHref(phone)}
      className={cn(
        "inline-flex min-h-11 items-center gap-2 rounded-lg font-semibold",
        display === "icon" ? "min-w-11 justify-center" : "px-3",
        tones[tone],
        className,
      )}
      aria-label={display === "icon" ? `Call ${phone}` : undefined}
    >
      <Phone className="size-5" aria-hidden="true" />
      {display === "full" && <span>{phone}</span>}
    </a>
  );
}
