import React, { useEffect, useState } from "react";
import { cn } from "../../../lib/ui/cn";
import { buttonStyles } from "../../../components/ui/button";

/** The booking's calendar file as a link the browser downloads; nothing until there is a file. */
export function CalendarLink({
  invite,
  reference,
  label = "Add to calendar",
  className,
}: {
  invite: string | undefined;
  reference: string;
  label?: string;
  className?: string;
}) {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    if (!invite) return;
    const url = URL.createObjectURL(new Blob([invite], { type: "text/calendar" }));
    // eslint-disable-next-line react-hooks/set-state-in-effect -- an object URL exists only in the browser, after render
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [invite]);
  if (!invite || !href) return null;
  return (
    <a
      href={href}
      download={`inspection-${reference}.ics`}
      className={cn(buttonStyles({ variant: "secondary" }), className)}
    >
      {label}
    </a>
  );
}
