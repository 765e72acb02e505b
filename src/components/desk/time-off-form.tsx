/** Taking time off for one inspector or all: a whole day, part of one, or a range of days. */
import React, { useState } from "react";
import { buttonStyles } from "../ui/button";
import { addDays } from "./desk-types";

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

export function TimeOffForm({
  inspectors,
  day,
  busy,
  onTake,
}: {
  inspectors: number;
  /** The day the desk shows, where the time off starts unless changed. */
  day: string;
  busy: boolean;
  onTake: (ask: TimeOffAsk) => void;
}) {
  const [inspector, setInspector] = useState("all");
  const [fromDate, setFromDate] = useState(day);
  const [toDate, setToDate] = useState(day);
  const [wholeDays, setWholeDays] = useState(false);
  const [fromTime, setFromTime] = useState("12:00");
  const [toTime, setToTime] = useState("18:00");
  const [note, setNote] = useState("");
  return (
    <form
      aria-labelledby="time-off-title"
      className="space-y-3 rounded-lg border border-slate-300 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        onTake({
          inspector: inspector === "all" ? "all" : Number(inspector),
          from: `${fromDate}T${wholeDays ? "00:00" : fromTime}`,
          to: wholeDays ? `${addDays(toDate, 1)}T00:00` : `${toDate}T${toTime}`,
          note,
        });
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
        {Array.from({ length: inspectors }, (_, index) => (
          <option key={index} value={index + 1}>
            Inspector {index + 1}
          </option>
        ))}
      </select>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={wholeDays} onChange={(event) => setWholeDays(event.target.checked)} />
        Whole days
      </label>
      <div className="grid gap-3 sm:grid-cols-2">
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
    </form>
  );
}
