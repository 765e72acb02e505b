/**
 * The open times of a job, month by month from /api/availability/<YYYY-MM> (TanStack Query with
 * the site's default reader: the key's parts joined with "/"): a calendar where only days with an
 * open time can be chosen, then that day's times as buttons. Times are shown as Maryland's clock
 * shows them, read from the RFC 3339 times themselves.
 */
import { TZDate } from "@date-fns/tz";
import { useQuery } from "@tanstack/react-query";
import React, { useEffect, useMemo, useState } from "react";
import { DayPicker } from "react-day-picker";
import { MARYLAND } from "../../../lib/maryland-time/local-time";
import { clockWords } from "../../../lib/maryland-time/hours-sentence";
import type { TextRegistration } from "../../../hooks/use-schema-form";
import { readApiError, withWayForward } from "../../../lib/http/api-error";
import { FieldError } from "../../../components/forms/fields";
import { Spinner } from "../../../components/ui/spinner";

interface MonthOfTimes {
  month: string;
  bookable: { first: string; last: string };
  starts: string[];
}

/**
 * The calendar's look in the site's own utility classes rather than react-day-picker's stylesheet:
 * Gatsby puts every stylesheet into the one inlined into each page, and the calendar's would cost
 * every page 1.6 KB. Each day is a 44 px target.
 */
const calendarClasses = {
  root: "relative w-fit",
  month_caption: "flex h-11 items-center px-1 font-semibold text-slate-900",
  nav: "absolute top-0 right-0 flex gap-1",
  button_previous:
    "inline-flex size-11 items-center justify-center rounded-lg text-brand-700 hover:bg-brand-50 disabled:cursor-default disabled:text-slate-300 disabled:hover:bg-transparent",
  button_next:
    "inline-flex size-11 items-center justify-center rounded-lg text-brand-700 hover:bg-brand-50 disabled:cursor-default disabled:text-slate-300 disabled:hover:bg-transparent",
  chevron: "size-5 fill-current",
  month_grid: "border-collapse",
  weekday: "size-11 text-center text-xs font-medium text-slate-600",
  day: "size-11 p-0 text-center",
  day_button:
    "size-11 rounded-full text-slate-900 hover:bg-brand-50 disabled:cursor-default disabled:text-slate-500 disabled:hover:bg-transparent",
  selected: "[&>button]:bg-brand-700 [&>button]:text-white [&>button]:hover:bg-brand-800",
  today: "[&>button]:underline [&>button]:underline-offset-4",
  outside: "invisible",
};

const pad = (value: number) => String(value).padStart(2, "0");
const ymd = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const monthOf = (date: Date) => ymd(date).slice(0, 7);
/** A calendar date (YYYY-MM-DD) as the calendar's own dates: noon in Maryland. */
const dayDate = (date: string) => {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, 12, 0, MARYLAND);
};
const longDay = (date: string) =>
  dayDate(date).toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: MARYLAND });

export default function TimePicker({
  search,
  value,
  onChange,
  error,
  registration,
}: {
  /** The job, as the availability function's query string. */
  search: string;
  value: string;
  onChange: (start: string) => void;
  error?: string;
  registration: TextRegistration;
}) {
  const [month, setMonth] = useState<Date>(() =>
    dayDate((value || new TZDate(Date.now(), MARYLAND).toISOString()).slice(0, 10)),
  );
  const [day, setDay] = useState<string | null>(value ? value.slice(0, 10) : null);
  const {
    data,
    isPending,
    isError,
    error: loadError,
  } = useQuery<MonthOfTimes>({
    queryKey: ["/api/availability", `${monthOf(month)}?${search}`],
  });

  const byDay = useMemo(() => {
    const days = new Map<string, string[]>();
    for (const start of data?.starts ?? [])
      days.set(start.slice(0, 10), [...(days.get(start.slice(0, 10)) ?? []), start]);
    return days;
  }, [data]);
  const times = day ? (byDay.get(day) ?? []) : [];
  // Where the form puts focus when the time has a problem.
  const focusTarget = { ref: registration.ref };

  // A chosen time that the fresh times of its month no longer hold (someone booked it) is let go.
  useEffect(() => {
    if (data && value && value.startsWith(data.month) && !data.starts.includes(value)) onChange("");
  }, [data, value, onChange]);

  return (
    <div className="grid gap-6 md:grid-cols-[auto_1fr]">
      <div className="rounded-xl border border-slate-200 p-3">
        <DayPicker
          mode="single"
          timeZone={MARYLAND}
          month={month}
          onMonthChange={setMonth}
          startMonth={data ? dayDate(data.bookable.first) : undefined}
          endMonth={data ? dayDate(data.bookable.last) : undefined}
          selected={day ? dayDate(day) : undefined}
          onSelect={(date) => setDay(date ? ymd(date) : null)}
          // A day reached with the arrow keys is brought wholly into view (below the sticky header,
          // whose height the page's scroll-padding keeps clear): the browser's own focus scrolling
          // leaves a day half under either edge of a phone's screen.
          onDayFocus={(_day, _modifiers, event) => event.currentTarget.scrollIntoView({ block: "nearest" })}
          disabled={(date) => !byDay.has(ymd(date))}
          modifiers={{ open: (date) => byDay.has(ymd(date)) }}
          modifiersClassNames={{ open: "font-semibold" }}
          classNames={calendarClasses}
          // DayPicker makes its footer a live region: screen readers hear how many days are open.
          footer={
            <p className="mt-2 min-h-6 text-sm text-slate-700">
              {isPending ? (
                <span className="flex items-center gap-2">
                  <Spinner size="sm" /> Finding open times…
                </span>
              ) : isError ? (
                `We could not load the open times: ${withWayForward(readApiError(loadError).message)}`
              ) : byDay.size ? (
                `${byDay.size} day${byDay.size === 1 ? "" : "s"} with open times this month; days without are greyed out.`
              ) : (
                "No open times this month: try the next month."
              )}
            </p>
          }
        />
      </div>
      <div
        {...focusTarget}
        tabIndex={-1}
        aria-describedby={error ? "start-error" : undefined}
        className="focus:outline-none"
      >
        {day ? (
          <fieldset>
            <legend className="font-semibold text-slate-900">Open times on {longDay(day)}</legend>
            <div className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(6.5rem,1fr))] gap-2">
              {times.map((start) => (
                <button
                  key={start}
                  type="button"
                  aria-pressed={value === start}
                  onClick={() => onChange(start)}
                  className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 whitespace-nowrap text-slate-900 hover:border-brand-600 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
                >
                  {clockWords(start.slice(11, 16))}
                </button>
              ))}
            </div>
            {!times.length && <p className="mt-2 text-slate-700">No open times left on this day.</p>}
          </fieldset>
        ) : (
          <p className="text-slate-700">Choose a day in the calendar to see its open times.</p>
        )}
        <FieldError name="start" error={error} />
      </div>
    </div>
  );
}
