/**
 * The notifications (toaster.tsx), whose code arrives once the page has hydrated rather than
 * before it: Radix Toast and the layers under it are a tenth of a form page's script, and nothing
 * shows a notification before the visitor has sent something. The store (src/lib/ui/toast-store.ts)
 * keeps any notification raised before the code arrives, and the toaster shows it on arrival.
 * A failed download (the visitor went offline) is tried again with the next notification.
 */
import React, { useEffect, useState } from "react";
import { subscribeToToasts } from "../../lib/ui/toast-store";

type ToasterComponent = typeof import("./toaster").Toaster;

export function DeferredToaster() {
  const [Toaster, setToaster] = useState<ToasterComponent | null>(null);
  useEffect(() => {
    let mounted = true;
    let loading = false;
    const load = () => {
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
    load();
    const unsubscribe = subscribeToToasts(load);
    return () => {
      mounted = false;
      unsubscribe();
    };
  }, []);
  return Toaster ? <Toaster /> : null;
}
