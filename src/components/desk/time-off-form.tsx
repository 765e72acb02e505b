/** Taking time off for one inspector or all: a whole day, part of one, or a range of days. */
import React, { useState } from "react";
import { buttonStyles } from "../ui/button";
import { addDays } from "./desk-types";

const field =
  "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-brand-700";

export interface TimeOffAsk {
  inspector: number | "all";
  from: string;
  to: string;
  note: string;
}

export function TimeOffForm({
  inspectors,
  today,
  busy,
  onTake,
}: {
  inspectors: number;
  today: string;
  busy: boolean;
  onTake: (ask: TimeOffAsk) => void;
}) {
  const [inspector, setInspector] = useState("all");
  const [fromDate, setFromDate] = useState(today);
  const [toDate, setToDate] = useState(today);
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
      <label className="block font-medium">
        Who
        <select className={field} value={inspector} onChange={(event) => setInspector(event.target.value)}>
          <option value="all">Every inspector</option>
          {Array.from({ length: inspectors }, (_, index) => (
            <option key={index} value={index + 1}>
              Inspector {index + 1}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={wholeDays} onChange={(event) => setWholeDays(event.target.checked)} />
        Whole days
      </label>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="block font-medium">
          From (date)
          <input
            type="date"
            required
            className={field}
            value={fromDate}
            onChange={(e) => setFromDate(e.target.value)}
          />
        </label>
        {!wholeDays && (
          <label className="block font-medium">
            From (time, Maryland)
            <input
              type="time"
              required
              className={field}
              value={fromTime}
              onChange={(e) => setFromTime(e.target.value)}
            />
          </label>
        )}
        <label className="block font-medium">
          To (date)
          <input type="date" required className={field} value={toDate} onChange={(e) => setToDate(e.target.value)} />
        </label>
        {!wholeDays && (
          <label className="block font-medium">
            To (time, Maryland)
            <input type="time" required className={field} value={toTime} onChange={(e) => setToTime(e.target.value)} />
          </label>
        )}
      </div>
      <label className="block font-medium">
        Note (for the desk only)
        <input className={field} value={note} maxLength={200} onChange={(event) => setNote(event.target.value)} />
      </label>
      <button type="submit" className={buttonStyles()} disabled={busy}>
        Take this time off
      </button>
    </form>
  );
}
