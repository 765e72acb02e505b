/** Taking time off for one inspector or all: a whole day, part of one, or a range of days. */
import React, { useState } from "react";
import type { Inspector } from "../../booking/shared";
import { buttonStyles } from "../../../components/ui/button";
import { addDays } from "./desk-types";
import { SaidNote, type Said } from "./said-note";

const field =
  "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-brand-700";

/** A labelled input; the label is its own element, so the control's name is the label alone. */
function Field({ id, label, ...input }: { id: string; label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label className="block font-medium" htmlFor={id}>
        {label}
      </label>
      <input id={id} className={field} {...input} />
    </div>
  );
}

export interface TimeOffAsk {
  inspector: number | "all";
  from: string;
  to: string;
  note: string;
}

const FROM_TIME = "12:00";
const TO_TIME = "18:00";

export function TimeOffForm({
  inspectors,
  day,
  busy,
  said,
  onTake,
}: {
  inspectors: readonly Inspector[];
  /** The day the desk shows, where the time off starts unless changed. */
  day: string;
  busy: boolean;
  /** What the last time off taken here did, or why nothing was done. */
  said: Said | null;
  /** Takes the time off; `taken` is called once it is, and empties the form for the next. */
  onTake: (ask: TimeOffAsk, taken: () => void) => void;
}) {
  const [inspector, setInspector] = useState("all");
  const [fromDate, setFromDate] = useState(day);
  const [toDate, setToDate] = useState(day);
  const [wholeDays, setWholeDays] = useState(false);
  const [fromTime, setFromTime] = useState(FROM_TIME);
  const [toTime, setToTime] = useState(TO_TIME);
  const [note, setNote] = useState("");
  const reset = () => {
    setInspector("all");
    setFromDate(day);
    setToDate(day);
    setWholeDays(false);
    setFromTime(FROM_TIME);
    setToTime(TO_TIME);
    setNote("");
  };
  return (
    <form
      aria-labelledby="time-off-title"
      className="space-y-3 rounded-lg border border-slate-300 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        onTake(
          {
            inspector: inspector === "all" ? "all" : Number(inspector),
            from: `${fromDate}T${wholeDays ? "00:00" : fromTime}`,
            to: wholeDays ? `${addDays(toDate, 1)}T00:00` : `${toDate}T${toTime}`,
            note,
          },
          reset,
        );
      }}
    >
      <h2 id="time-off-title" className="text-lg font-semibold">
        Take time off
      </h2>
      <label className="block font-medium" htmlFor="time-off-who">
        Who
      </label>
      <select
        id="time-off-who"
        className={field}
        value={inspector}
        onChange={(event) => setInspector(event.target.value)}
      >
        <option value="all">Every inspector</option>
        {inspectors.map((one) => (
          <option key={one.number} value={one.number}>
            {one.name}
          </option>
        ))}
      </select>
      {/* A 44 px target with its words: the whole label ticks the box (WCAG 2.5.8 asks 24 px at least). */}
      <label className="flex min-h-11 w-fit cursor-pointer items-center gap-3 pr-3 font-medium">
        <input
          type="checkbox"
          className="size-6 accent-brand-700"
          checked={wholeDays}
          onChange={(event) => setWholeDays(event.target.checked)}
        />
        Whole days
      </label>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        <Field
          id="time-off-from-date"
          label="From (date)"
          type="date"
          required
          value={fromDate}
          onChange={(e) => setFromDate(e.target.value)}
        />
        {!wholeDays && (
          <Field
            id="time-off-from-time"
            label="From (time, Maryland)"
            type="time"
            required
            value={fromTime}
            onChange={(e) => setFromTime(e.target.value)}
          />
        )}
        <Field
          id="time-off-to-date"
          label="To (date)"
          type="date"
          required
          value={toDate}
          onChange={(e) => setToDate(e.target.value)}
        />
        {!wholeDays && (
          <Field
            id="time-off-to-time"
            label="To (time, Maryland)"
            type="time"
            required
            value={toTime}
            onChange={(e) => setToTime(e.target.value)}
          />
        )}
      </div>
      <Field
        id="time-off-note"
        label="Note (for the desk only)"
        value={note}
        maxLength={200}
        onChange={(e) => setNote(e.target.value)}
      />
      <button type="submit" className={buttonStyles()} disabled={busy}>
        Take this time off
      </button>
      <SaidNote said={said} />
    </form>
  );
}
