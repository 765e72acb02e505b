import { QueryClientProvider } from "@tanstack/react-query";
import React, { useState } from "react";
import { createQueryClient } from "../../lib/query-client";
import { Toaster } from "../ui/toaster";

/** What a page that sends requests needs: the query client (spec constants) and notifications. */
export function RequestProvider({ children }: { children: React.ReactNode }) {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
