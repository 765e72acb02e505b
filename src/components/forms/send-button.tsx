/**
 * A form's send (or next) button. Until the page has hydrated it says the form is getting ready and
 * sends nothing: a plain submission would reload the page and lose what was chosen. What is ticked
 * or typed meanwhile is kept (use-input-before-hydration.ts).
 */
import React from "react";
import { useHydrated } from "../../hooks/use-input-before-hydration";
import { buttonStyles } from "../ui/button";

export const GETTING_READY = "Getting the form ready…";

export function SendButton({
  busy = false,
  children,
  buttonRef,
}: {
  /** A send on its way: the button is disabled, and `children` says so. */
  busy?: boolean;
  children: React.ReactNode;
  buttonRef?: React.Ref<HTMLButtonElement>;
}) {
  // Read here, not in the form: the end of hydration re-renders what reads it, synchronously.
  const ready = useHydrated();
  return (
    <>
      <button ref={buttonRef} type="submit" disabled={!ready || busy} className={buttonStyles({ size: "lg" })}>
        {ready ? children : GETTING_READY}
      </button>
      <noscript>
        <p className="mt-3 basis-full text-slate-800">
          This form needs JavaScript, which this browser is not running: please call or e-mail us instead.
        </p>
      </noscript>
    </>
  );
}
