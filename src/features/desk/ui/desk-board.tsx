/**
 * The desk once signed in: the day per inspector, the week, or a list of the coming weeks; each
 * item opens for its details and actions. The bookings come first; time off, the download and
 * signing out follow them on a phone and stand beside them on a wide screen. Every change reads
 * the days afresh, and says what it did or why nothing was done beside the control that was used.
 */
import { CsvDownload } from "./csv-download";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import React, { lazy, Suspense, useState } from "react";
import { readApiError } from "../../../lib/http/api-error";
import { apiRequest } from "../../../lib/http/api-request";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import { marylandToday } from "../../../lib/maryland-time/maryland-today";
import { inspectorsFor, type Inspector } from "../../booking/shared";
import { buttonStyles } from "../../../components/ui/button";
import { DeskItemCard, type ItemAction } from "./desk-item";
import { addDays, dayTitle, type DeskDays, type DeskItem, type DeskSession } from "./desk-types";
import { InspectorName } from "./inspector-mark";
import { SaidNote, type Said } from "./said-note";
import { TimeOffForm, type TimeOffAsk } from "./time-off-form";
import { ATTENTION_KEY, AttentionView } from "./attention-view";
import { SessionsView } from "./sessions-view";
import { AgentsView } from "./agents-view";
import type { ScheduleAnswer } from "../../booking/ui";

/** The caller's booking form: the schedule form's code loads when the owner opens it. */
const BookCaller = lazy(() => import("./book-caller"));

type View = "day" | "week" | "list" | "attention" | "agents" | "sessions";
const SPAN: Record<View, number> = { day: 1, week: 7, list: 28, attention: 1, agents: 1, sessions: 1 };
const VIEW_NAMES: Record<View, string> = {
  day: "Day",
  week: "Week",
  list: "List",
  attention: "Attention",
  agents: "Agents",
  sessions: "Sessions",
};
/** The views that read no days. */
const OWN_READS: readonly View[] = ["attention", "agents", "sessions"];

const DONE: Record<ItemAction | "time-off", string> = {
  confirm: "Confirmed: the client has their e-mail and invite.",
  cancel: "Cancelled: the client has their e-mail and the cancelling invite.",
  "time-off-remove": "The time is open again.",
  "report-release": "Released: the client can have the report now, before signing or paying; your release is recorded.",
  move: "Moved: the client has their e-mail and the moved invite.",
  resend: "Sent again: the client has the latest e-mail of the booking, with its links.",
  "resend-signing": "Sent: the client has the link to sign the agreement.",
  "payment-taken": "Recorded: the payment is on the booking, and the client has a receipt.",
  "resend-pay": "Sent: the client has the \u201cpay now\u201d link for what is due.",
  hand: "Handed over: the booking keeps its time with the other inspector.",
  "time-off": "Time off taken: those times are no longer offered.",
};

/** What a change said where the agent gets the booking's e-mails too: the agent booked, or the client asked. */
const TOLD_AGENT_TOO: Partial<Record<ItemAction, string>> = {
  confirm: "Confirmed: the client and agent have their e-mail and invite.",
  cancel: "Cancelled: the client and agent have their e-mail and the cancelling invite.",
  move: "Moved: the client and agent have their e-mail and the moved invite.",
};

/** What an action on this item did, where it depends on the item: the agent is told only where the agent gets the e-mails. */
export function doneWith(action: ItemAction, item: DeskItem): string | undefined {
  return item.agent?.emailed ? TOLD_AGENT_TOO[action] : undefined;
}

function DayItems({
  items,
  onAction,
  busy,
  inspectors,
  openedBooking,
  said,
  reportsOff,
}: {
  openedBooking: string | null;
  items: DeskItem[];
  onAction: (a: ItemAction, i: DeskItem, details?: object) => void;
  busy: boolean;
  inspectors: readonly Inspector[];
  said: Said | null;
  reportsOff: string | null;
}) {
  if (!items.length) return <p className="text-slate-700">Nothing booked.</p>;
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <DeskItemCard
          key={item.reference}
          item={item}
          onAction={onAction}
          busy={busy}
          inspectors={inspectors}
          open={item.reference === openedBooking}
          said={said?.at === item.reference ? said : null}
          reportsOff={reportsOff}
        />
      ))}
    </ul>
  );
}

export function DeskBoard({
  session,
  opened,
}: {
  session: DeskSession;
  opened: { day: string | null; booking: string | null };
}) {
  const queryClient = useQueryClient();
  const today = marylandToday();
  const [view, setView] = useState<View>("day");
  const [from, setFrom] = useState(opened.day && /^\d{4}-\d{2}-\d{2}$/.test(opened.day) ? opened.day : today);
  const [said, setSaid] = useState<Said | null>(null);
  const [openedBooking, setOpenedBooking] = useState(opened.booking);
  const [bookingCaller, setBookingCaller] = useState(false);
  const key = [`/api/desk/days?from=${from}&days=${SPAN[view]}`];
  const days = useQuery<DeskDays>({ queryKey: key, enabled: !OWN_READS.includes(view) });
  const change = useMutation({
    mutationFn: async ({
      action,
      body,
    }: {
      action: ItemAction | "time-off";
      body: object;
      done?: string;
      /** Where the words go: beside the form or the booking the action came from. */
      at: string;
    }) =>
      (await (await apiRequest("POST", `/api/desk/${action}`, body)).json()) as {
        bookingsInside?: string[];
        /** A move's new start (RFC 3339, Maryland's). */
        start?: string;
      },
    onMutate: () => setSaid(null),
    onSuccess: (answer, { action, done, at }) => {
      const inside = answer.bookingsInside?.length
        ? ` These bookings are inside it and keep their time: ${answer.bookingsInside.join(", ")}.`
        : "";
      const text = `${done ?? DONE[action]}${inside}`;
      if (action === "move" && answer.start) {
        // The desk follows the booking to its new day, opened there, and says its new time.
        setView("day");
        setFrom(answer.start.slice(0, 10));
        setOpenedBooking(at);
        setSaid({
          text: text.replace(/^Moved:/, `Moved to ${bookedTimeText(answer.start)} (Maryland time):`),
          alert: false,
          at,
        });
      } else setSaid({ text, alert: false, at });
      void queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith("/api/desk/days"),
      });
      void queryClient.invalidateQueries({ queryKey: ATTENTION_KEY });
    },
    onError: (failure, { at }) =>
      setSaid({ text: `Nothing was changed: ${readApiError(failure).message}`, alert: true, at }),
  });
  const signOut = useMutation({
    mutationFn: () => apiRequest("POST", "/api/desk/sign-out", {}),
    onSettled: () => queryClient.setQueryData(["/api/desk/session"], null),
  });
  const onAction = (action: ItemAction, item: DeskItem, details: object = {}) =>
    change.mutate({
      action,
      body: { reference: item.reference, ...details },
      done: doneWith(action, item),
      at: item.reference,
    });
  const dates = Array.from({ length: SPAN[view] }, (_, index) => addDays(from, index));
  /** What every day's list of bookings is given, in each view. */
  const dayItemsShared = {
    onAction,
    busy: change.isPending,
    inspectors: session.inspectors,
    openedBooking,
    said,
    reportsOff: session.reportsOff ?? null,
  };
  const items = days.data?.items ?? [];
  const onDay = (date: string) => items.filter((item) => item.start.slice(0, 10) === date);
  const shown = view === "day" ? onDay(from) : view === "week" || view === "list" ? items : [];
  // Words about a booking no longer shown (moved to another day) stay above the days instead.
  const saidAbove =
    said && (said.at === "board" || (said.at !== "time-off" && !shown.some((item) => item.reference === said.at)));
  const dayInspectors = inspectorsFor(session.inspectors, onDay(from));
  const booked = (answer: ScheduleAnswer) => {
    setBookingCaller(false);
    setView("day");
    if (answer.booking) setFrom(answer.booking.start.slice(0, 10));
    setOpenedBooking(answer.reference);
    setSaid({
      text: `Booked ${answer.reference}${answer.booking ? ` for ${answer.booking.when}` : ""} and confirmed: the client has the e-mail, the invitation and the link to sign the agreement.`,
      alert: false,
      at: answer.reference,
    });
    void queryClient.invalidateQueries({
      predicate: (query) => String(query.queryKey[0]).startsWith("/api/desk/days"),
    });
    void queryClient.invalidateQueries({ queryKey: ATTENTION_KEY });
  };

  if (bookingCaller) {
    return (
      <section aria-labelledby="book-caller-title" className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="book-caller-title" className="text-xl font-semibold">
            Book a caller
          </h2>
          <button
            type="button"
            className={buttonStyles({ variant: "secondary" })}
            onClick={() => setBookingCaller(false)}
          >
            Back to the desk
          </button>
        </div>
        <Suspense fallback={<p role="status">Opening the form…</p>}>
          <BookCaller onBooked={booked} />
        </Suspense>
      </section>
    );
  }

  return (
    <div className="grid gap-x-8 gap-y-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-4">
        <div className="flex flex-wrap items-center gap-1" role="group" aria-label="View">
          {(Object.keys(SPAN) as View[]).map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={view === name}
              className={buttonStyles({ variant: view === name ? "primary" : "secondary", size: "compact" })}
              onClick={() => setView(name)}
            >
              {VIEW_NAMES[name]}
            </button>
          ))}
        </div>
        <div className={view === "sessions" ? "hidden" : "flex flex-wrap items-center gap-x-1 gap-y-3"}>
          <button
            type="button"
            className={buttonStyles({ variant: "secondary", size: "compact" })}
            onClick={() => setFrom(addDays(from, -SPAN[view]))}
          >
            Earlier
          </button>
          <button
            type="button"
            className={buttonStyles({ variant: "secondary", size: "compact" })}
            onClick={() => setFrom(today)}
          >
            Today
          </button>
          <button
            type="button"
            className={buttonStyles({ variant: "secondary", size: "compact" })}
            onClick={() => setFrom(addDays(from, SPAN[view]))}
          >
            Later
          </button>
          <label className="flex items-center gap-2 font-medium sm:ml-3">
            Day
            <input
              type="date"
              className="min-h-11 rounded-lg border border-slate-400 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-brand-700"
              value={from}
              onChange={(event) => event.target.value && setFrom(event.target.value)}
            />
          </label>
        </div>
        <SaidNote said={saidAbove ? said : null} />
        {days.isError && <p role="alert">{readApiError(days.error).message}</p>}
        {days.isLoading && <p role="status">Reading the days…</p>}
        {days.data && view === "day" && (
          <section aria-labelledby="day-title" className="space-y-3">
            <h2 id="day-title" className="text-xl font-semibold">
              {dayTitle(from)}
            </h2>
            {/* grid-cols-1 (minmax(0, 1fr)): a column as wide as the screen, never as its widest control. */}
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {dayInspectors.map((inspector) => (
                <section key={inspector.number} aria-label={inspector.name} className="space-y-2">
                  <h3 className="font-semibold">
                    <InspectorName inspector={inspector} />
                  </h3>
                  <DayItems
                    items={onDay(from).filter((item) => item.inspector === inspector.number)}
                    {...dayItemsShared}
                  />
                </section>
              ))}
            </div>
          </section>
        )}
        {view === "attention" && (
          <AttentionView
            busy={change.isPending}
            inspectors={session.inspectors}
            onOpen={(booking) => {
              setOpenedBooking(booking.reference);
              setFrom(booking.day);
              setView("day");
            }}
            onResendSigning={(reference) =>
              change.mutate({ action: "resend-signing", body: { reference }, at: "board" })
            }
          />
        )}
        {view === "agents" && <AgentsView />}
        {view === "sessions" && <SessionsView onSaid={(text, alert) => setSaid({ text, alert, at: "board" })} />}
        {days.data && (view === "week" || view === "list") && (
          <div className="space-y-5">
            <ul className="flex flex-wrap gap-3 text-sm" aria-label="Inspectors' colours">
              {inspectorsFor(session.inspectors, items).map((inspector) => (
                <li key={inspector.number}>
                  <InspectorName inspector={inspector} />
                </li>
              ))}
            </ul>
            {dates
              .filter((date) => view === "week" || onDay(date).length)
              .map((date) => (
                <section key={date} aria-label={dayTitle(date)} className="space-y-2">
                  <h2 className="text-lg font-semibold">{dayTitle(date)}</h2>
                  <DayItems items={onDay(date)} {...dayItemsShared} />
                </section>
              ))}
            {view === "list" && !items.length && <p>Nothing booked in these four weeks.</p>}
          </div>
        )}
      </div>
      <aside aria-label="Booking a caller, time off and the desk's other tools" className="space-y-4">
        <button type="button" className={buttonStyles()} onClick={() => setBookingCaller(true)}>
          Book a caller
        </button>
        {view !== "sessions" && (
          <TimeOffForm
            inspectors={session.inspectors}
            key={from}
            day={from}
            busy={change.isPending}
            said={said?.at === "time-off" ? said : null}
            onTake={(ask: TimeOffAsk, taken) =>
              change.mutate({ action: "time-off", body: ask, at: "time-off" }, { onSuccess: taken })
            }
          />
        )}
        <CsvDownload />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="text-sm text-slate-700">Signed in as {session.mailbox}.</p>
          <button type="button" className={buttonStyles({ variant: "ghost" })} onClick={() => signOut.mutate()}>
            Sign out
          </button>
        </div>
      </aside>
    </div>
  );
}
