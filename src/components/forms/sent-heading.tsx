import * as lucide from "lucide";
import { iconFrom } from "../ui/icons";
import React, { useEffect, useRef } from "react";

const CircleCheck = iconFrom(lucide.CircleCheck);

/** "Request sent" / "Message sent": takes focus when it appears, so screen readers hear it. */
export function SentHeading({ children }: { children: React.ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h2
      ref={heading}
      tabIndex={-1}
      className="flex items-center gap-2 text-2xl font-semibold text-slate-900 focus:outline-none"
    >
      <CircleCheck className="size-7 text-brand-700" aria-hidden="true" />
      {children}
    </h2>
  );
}
