/**
 * A question asked before an action that cannot simply be undone (cancel a booking, move it), on
 * Radix Dialog like the site's sheet: focus moves into it and back to the button that opened it,
 * Escape or "keep" closes it without acting, and the page does not scroll behind it. Without a
 * trigger it is opened by its owner (`open`), for a question the server asks after a button.
 */
import * as Dialog from "@radix-ui/react-dialog";
import React, { useState } from "react";
import { buttonStyles } from "./button";

interface ConfirmDialogProps {
  /** The button that opens the question; or none, and `open` with `onOpenChange` instead. */
  trigger?: React.ReactElement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Where focus goes on closing, when there is no trigger to go back to. */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
  title: string;
  children: React.ReactNode;
  /** The words of the button that acts, and of the one that does not. */
  confirmLabel: string;
  keepLabel: string;
  onConfirm: () => void;
}

export function ConfirmDialog({
  trigger,
  title,
  children,
  confirmLabel,
  keepLabel,
  onConfirm,
  returnFocusTo,
  ...controlled
}: ConfirmDialogProps) {
  const [openHere, setOpenHere] = useState(false);
  const open = controlled.open ?? openHere;
  const setOpen = controlled.onOpenChange ?? setOpenHere;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-brand-900/60" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-xl font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-3 space-y-2 text-slate-700">{children}</div>
          </Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Dialog.Close className={buttonStyles({ variant: "secondary" })}>{keepLabel}</Dialog.Close>
            <button
              type="button"
              className={buttonStyles()}
              onClick={() => {
                setOpen(false);
                onConfirm();
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
