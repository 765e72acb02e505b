/**
 * Notifications on Radix Toast with the site's constants (src/lib/ui/constants.ts): one visible at a time,
 * 5 s each, swipe right past 50 px to dismiss, F8 moves focus to them. The store behind them
 * (src/lib/ui/toast-store.ts) removes a dismissed one 1,000,000 ms later. Only the pages that
 * send requests render it.
 */
import * as Toast from "@radix-ui/react-toast";
import * as lucide from "lucide";
import { iconFrom } from "./icons";
import React from "react";
import { useToasts } from "../../hooks/use-toasts";
import { cn } from "../../lib/ui/cn";
import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD_PX,
} from "../../lib/ui/constants";
import { dismissToast, type ToastVariant } from "../../lib/ui/toast-store";

const X = iconFrom(lucide.X);

const variants: Record<ToastVariant, string> = {
  default: "border-slate-200 bg-white text-slate-900",
  success: "border-brand-200 bg-brand-50 text-brand-900",
  error: "border-red-300 bg-red-50 text-red-950",
};

export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection={TOAST_SWIPE_DIRECTION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          type={item.variant === "error" ? "foreground" : "background"}
          className={cn(
            "relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]",
            variants[item.variant ?? "default"],
          )}
        >
          <div className="space-y-1">
            <Toast.Title className="font-semibold">{item.title}</Toast.Title>
            {item.description && (
              <Toast.Description className="text-sm leading-6">{item.description}</Toast.Description>
            )}
          </div>
          <Toast.Close
            className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md opacity-80 hover:opacity-100"
            aria-label="Dismiss notification"
          >
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={TOAST_HOTKEY}
        className="fixed right-0 bottom-0 z-[60] flex w-full max-w-md flex-col gap-2 p-4 outline-none"
      />
    </Toast.Provider>
  );
}
