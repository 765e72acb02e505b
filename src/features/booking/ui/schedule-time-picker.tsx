/**
 * The schedule form's calendar (time-picker.tsx) with the client it reads open times through.
 * The client arrives with the calendar's code, when the time step first opens, so the schedule page
 * hydrates without the data library; it is one client for the page's life, so times already read
 * stay read as the visitor steps back and forth, and a refused time makes the form read them afresh
 * (readOpenTimesAfresh). The desk's booking form uses it too, beside the desk's own client.
 */
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import React from "react";
import { createQueryClient } from "../../../lib/ui/query-client";
import TimePicker from "./time-picker";

let client: QueryClient | null = null;

function openTimesClient(): QueryClient {
  client ??= createQueryClient();
  return client;
}

/** Marks the open times read so far as out of date: the calendar reads them again when it shows them. */
export function readOpenTimesAfresh(): Promise<void> {
  return openTimesClient().invalidateQueries({ queryKey: ["/api/availability"] });
}

export default function ScheduleTimePicker(props: React.ComponentProps<typeof TimePicker>) {
  return (
    <QueryClientProvider client={openTimesClient()}>
      <TimePicker {...props} />
    </QueryClientProvider>
  );
}
