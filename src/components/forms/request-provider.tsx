import { QueryClientProvider } from "@tanstack/react-query";
import React, { useState } from "react";
import { createQueryClient } from "../../lib/ui/query-client";
import { DeferredToaster } from "../ui/deferred-toaster";

/**
 * What a page that calls through the data library needs: the query client (spec constants) and
 * notifications. The pages that read a record use it (a booking, the agreement, the report, the
 * data kept, the desk), and the privacy page's request for that data. The schedule and contact
 * pages send without the data library and render only the notifications (DeferredToaster).
 */
export function RequestProvider({ children }: { children: React.ReactNode }) {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}
