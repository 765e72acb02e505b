/**
 * A visitor's own booking, reached by the signed link in its confirmation: where it stands, and
 * (until the policy's cut-off) buttons to cancel it or to move it to another open time.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import React, { Suspense, useState } from "react";
import { readApiError } from "../../lib/api-error";
import { apiRequest } from "../../lib/api-request";
import { bookedTimeText } from "../../lib/booking/booked-time";
import { jobSearch } from "../../lib/schedule-estimate";
import { toast } from "../../lib/toast-store";
import { PhoneLink } from "../layout/phone-link";
import { buttonStyles } from "../ui/button";
import { Spinner } from "../ui/spinner";

const TimePicker = React.lazy(() => import("./time-picker"));

interface Booking {
  reference: string;
  status: "booked" | "cancelled";
  start: string;
  when: string;
  changeable: boolean;
  cutoffHours: number;
  job: { mainInspection: string; addOns: string[]; waterPackages: string[]; squareFeet: number; county: string };
}

export function ManageBooking({ token, phone }: { token: string; phone: string }) {
  const key = [`/api/booking?token=${encodeURIComponent(token)}`];
  const queryClient = useQueryClient();
  const { data, isPending, error } = useQuery<Booking>({ queryKey: key, enabled: Boolean(token) });
  const [moving, setMoving] = useState(false);
  const [start, setStart] = useState("");
  const change = useMutation({
    mutationFn: async (body: { action: "cancel" } | { action: "move"; start: string }) =>
      (await (await apiRequest("POST", "/api/booking", { token, ...body })).json()) as Booking,
    onSuccess: (booking) => {
      queryClient.setQueryData(key, booking);
      setMoving(false);
      toast({
        title: booking.status === "cancelled" ? "Booking cancelled" : "Booking moved",
        description:
          booking.status === "cancelled" ? "The time is free for others now." : `It now starts ${booking.when}.`,
        variant: "success",
      });
    },
    onError: (failure) => {
      toast({ title: "Nothing was changed", description: readApiError(failure).message, variant: "error" });
      void queryClient.invalidateQueries({ queryKey: ["/api/availability"] });
    },
  });

  if (!token || error) {
    return (
      <div className="space-y-3 text-slate-800">
        <p>{token ? readApiError(error).message : "This page opens from the link in your confirmation e-mail."}</p>
        <PhoneLink phone={phone} className="-ml-3" />
      </div>
    );
  }
  if (isPending || !data) {
    return (
      <p role="status" className="flex items-center gap-2 text-slate-700">
        <Spinner size="sm" /> Finding your booking…
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <h2 className="text-xl font-semibold text-slate-900">
          {data.status === "cancelled" ? "Cancelled" : `Booked for ${data.when} (Maryland time)`}
        </h2>
        <p className="mt-2 text-slate-700">
          Reference <strong className="font-mono">{data.reference}</strong>.
        </p>
        {data.status === "booked" && !data.changeable && (
          <p className="mt-3 text-slate-800">
            It is less than {data.cutoffHours} hours to the start: please call us to change it.
          </p>
        )}
        {data.changeable && (
          <div className="mt-5 flex flex-wrap gap-3">
            <button
              type="button"
              className={buttonStyles({ variant: "secondary" })}
              onClick={() => setMoving((open) => !open)}
              aria-expanded={moving}
            >
              Move to another time
            </button>
            <button
              type="button"
              className={buttonStyles({ variant: "secondary" })}
              disabled={change.isPending}
              onClick={() => change.mutate({ action: "cancel" })}
            >
              Cancel the booking
            </button>
          </div>
        )}
      </div>
      {moving && (
        <section aria-labelledby="move-heading" className="space-y-4">
          <h2 id="move-heading" className="text-xl font-semibold text-slate-900">
            Choose the new time
          </h2>
          <Suspense fallback={<Spinner size="sm" />}>
            <TimePicker
              search={jobSearch({ ...data.job, squareFeet: String(data.job.squareFeet) })}
              value={start}
              onChange={setStart}
              registration={{
                name: "start",
                value: start,
                onChange: () => undefined,
                onBlur: () => undefined,
                ref: () => undefined,
              }}
            />
          </Suspense>
          <button
            type="button"
            className={buttonStyles({ size: "lg" })}
            disabled={!start || change.isPending}
            onClick={() => change.mutate({ action: "move", start })}
          >
            {start ? `Move to ${bookedTimeText(start)}` : "Choose a time first"}
          </button>
        </section>
      )}
      <PhoneLink phone={phone} className="-ml-3" />
    </div>
  );
}
