/**
 * The notifications (toaster.tsx): their code (Radix Toast, a tenth of a form page's script) comes at the
 * visitor's first act on the page, or with the first notification, not in the load. A visitor who sends has
 * touched the form first, so a failed send's notice never waits on the network that failed. The store keeps a
 * notification raised before the code comes; a failed download is tried again with the next one.
 */
import React, { useEffect, useState } from "react";
import { subscribeToToasts } from "../../lib/ui/toast-store";

type ToasterComponent = typeof import("./toaster").Toaster;

/** What counts as the visitor's first act on the page. */
const FIRST_ACTS = ["pointerdown", "keydown", "focusin"] as const;

export function DeferredToaster() {
  const [Toaster, setToaster] = useState<ToasterComponent | null>(null);
  useEffect(() => {
    let mounted = true;
    let loading = false;
    const load = () => {
      FIRST_ACTS.forEach((type) => document.removeEventListener(type, load, true));
      if (loading) return;
      loading = true;
      // Named: Gatsby names a chunk of modules shared by unnamed chunks after their names, so the
      // modules any two unnamed chunks share land in one chunk ("nullnull"), and the toaster
      // would bring the calendar's code with it.
      import(/* webpackChunkName: "toaster" */ "./toaster").then(
        (module) => {
          if (mounted) setToaster(() => module.Toaster);
        },
        () => {
          loading = false;
        },
      );
    };
    FIRST_ACTS.forEach((type) => document.addEventListener(type, load, { capture: true, passive: true }));
    const unsubscribe = subscribeToToasts(load);
    return () => {
      mounted = false;
      FIRST_ACTS.forEach((type) => document.removeEventListener(type, load, true));
      unsubscribe();
    };
  }, []);
  return Toaster ? <Toaster /> : null;
}
