import { QueryClientProvider } from "@tanstack/react-query";
import React, { useState } from "react";
import { createQueryClient } from "../../lib/query-client";
import { DeferredToaster } from "../ui/deferred-toaster";

/**
 * What a page that reads a record needs (a booking, the agreement, the report, the data kept, the
 * desk): the query client (spec constants) and notifications. The schedule and contact pages send
 * without the data library and render only the notifications (DeferredToaster).
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
