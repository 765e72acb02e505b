/**
 * The bookings as CSV for a range of days (GET /api/desk/csv?from=&to=): left empty, the past year
 * and the year ahead, so the download stays within a function's time whatever the years of bookings.
 */
import React from "react";
import { buttonStyles } from "../../../components/ui/button";

const field =
  "mt-1 block rounded-lg border border-slate-400 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-brand-700";

export function CsvDownload() {
  return (
    <form
      action="/api/desk/csv"
      method="get"
      aria-label="Download the bookings"
      className="flex flex-wrap items-end gap-2"
    >
      <div>
        <label className="block text-sm font-medium" htmlFor="csv-from">
          From
        </label>
        <input id="csv-from" name="from" type="date" className={field} />
      </div>
      <div>
        <label className="block text-sm font-medium" htmlFor="csv-to">
          To
        </label>
        <input id="csv-to" name="to" type="date" className={field} />
      </div>
      <p className="w-full text-sm text-slate-700">Left empty: the past year and the year ahead.</p>
      <button type="submit" className={buttonStyles({ variant: "secondary" })}>
        Download the bookings (CSV)
      </button>
    </form>
  );
}
