/**
 * What an action on the desk did, or why nothing was done, shown beside the control that was used
 * (a time off form, a booking's card) so that it is in sight where the tap was. The live region is
 * there before the words, so a screen reader reads them as they come.
 */
import React, { useEffect, useRef } from "react";
import { cn } from "../../../lib/ui/cn";

export interface Said {
  text: string;
  alert: boolean;
  /** Where it is shown: "time-off", a booking's reference, or "board" (above the days). */
  at: string;
}

/** `className` adds classes to the words (a margin where they appear), none to the empty region. */
export function SaidNote({ said, className = "" }: { said: Said | null | undefined; className?: string }) {
  const note = useRef<HTMLParagraphElement>(null);
  // Beside the control, the words are in sight already; should the page have moved, they are
  // brought back to the nearest edge rather than scrolled to the top.
  // (A block, not an arrow's value: newer browsers answer scrollIntoView with a promise, which
  // React would take for a clean-up function.)
  useEffect(() => {
    note.current?.scrollIntoView({ block: "nearest" });
  }, [said]);
  return (
    <div aria-live="polite">
      {said && (
        <p
          ref={note}
          role={said.alert ? "alert" : "status"}
          className={cn(
            "rounded-lg p-3",
            said.alert ? "bg-red-50 text-red-700" : "bg-brand-50 text-brand-900",
            className,
          )}
        >
          {said.text}
        </p>
      )}
    </div>
  );
}
