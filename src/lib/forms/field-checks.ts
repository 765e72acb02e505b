/**
 * The zod checks for one field of a kind (a line of text, a choice, a number as typed, a phone
 * number, a date), each with the messages a visitor sees. The schedule and contact fields are
 * built from these. zod/mini keeps the bytes the form pages download small.
 */
import * as z from "zod/mini";
import { formatCount } from "../text/format";
import { usPhoneDigits } from "../text/phone";
import { isCalendarDate, isIsoDate } from "./calendar-date";
import { oneLineText, TEXT_LIMITS, visibleText } from "./text-cleaning";

/** Maryland ZIP codes run from 20601 to 21930. */
export function isMarylandZip(zip: string): boolean {
  if (!/^\d{5}$/.test(zip)) return false;
  const value = Number(zip);
  return value >= 20601 && value <= 21930;
}

/** "under 2,000 characters", from the limit itself (without Intl: see ../text/format.ts). */
export const under = (limit: number) => `under ${formatCount(limit)} characters`;

type Clean = (value: string) => string;

const requiredText = (clean: Clean, min: number, max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .check(z.overwrite(clean), z.trim(), z.minLength(min, required), z.maxLength(max, tooLong));

const optionalText = (clean: Clean, max: number, tooLong: string) =>
  z.optional(z.string().check(z.overwrite(clean), z.trim(), z.maxLength(max, tooLong)));

export const line = (min: number, max: number, required: string, tooLong: string) =>
  requiredText(oneLineText, min, max, required, tooLong);
export const paragraphs = (min: number, max: number, required: string, tooLong: string) =>
  requiredText(visibleText, min, max, required, tooLong);
/** Text on one line that may be left empty. */
export const optionalLine = (max: number, tooLong: string) => optionalText(oneLineText, max, tooLong);
/** Text in paragraphs that may be left empty. */
export const optionalParagraphs = (max: number, tooLong: string) => optionalText(visibleText, max, tooLong);

export const oneOf = (values: readonly string[], message: string) =>
  z.string({ error: message }).check(z.refine((value) => values.includes(value), message));

/** A list of choices, each at most once (a repeated add-on would be charged again). */
export const choiceList = (values: readonly string[], message: string, repeated: string) =>
  z.array(oneOf(values, message)).check(z.refine((list) => new Set(list).size === list.length, repeated));

/**
 * A number as a person types it ("2100", "2,100") or as a JSON number, checked by `range`.
 * Other notations JavaScript would also read as numbers ("0x834", "2.1e3", [2100]) are refused.
 */
export const typedNumber = (required: string, notDecimal: string, range: z.ZodMiniNumber<number>) =>
  z.pipe(
    z.pipe(
      z.union([z.number(), z.string()], { error: notDecimal }).check(
        z.refine((value) => String(value).trim() !== "", required),
        z.refine(
          (value) =>
            typeof value === "number" || value.trim() === "" || /^(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/.test(value.trim()),
          notDecimal,
        ),
      ),
      z.transform((value) => (typeof value === "number" ? value : Number(value.replace(/[,\s]/g, "")))),
    ),
    range,
  );

export const email = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.maxLength(TEXT_LIMITS.email, message), z.email(message));

/** An e-mail address that may be left empty. */
export const optionalEmail = (message: string) =>
  z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(TEXT_LIMITS.email, message),
      z.refine((value) => value === "" || z.email().safeParse(value).success, message),
    ),
  );

/** What a phone number is written with: digits, spaces and ( ) + - . */
const PHONE_CHARACTERS = /^[\d ()+.-]*$/;

/** A US phone number as people write one: ten digits (after an optional 1), and nothing but the characters above. */
function isWrittenUsPhone(value: string): boolean {
  return value.length <= TEXT_LIMITS.phone && PHONE_CHARACTERS.test(value) && usPhoneDigits(value) !== null;
}

/** A phone number, cleaned like any text; `optional` lets it be left empty. */
export const phoneNumber = (message: string, { optional }: { optional: boolean }) =>
  z.string({ error: "Enter a phone number" }).check(
    z.overwrite(oneLineText),
    z.trim(),
    z.refine((value) => (optional && value === "") || isWrittenUsPhone(value), message),
  );

/** The hidden field people never see; automated form fillers put something in it. */
export const honeypot = z.optional(z.string());

/**
 * A day chosen on the calendar, today or later; `which` names it in the messages ("first"). Today is
 * null in a browser that has not read the date yet (the schedule form reads it when its dates step opens).
 */
export function dateField(today: string | null, which: string) {
  return z.string({ error: `Choose the ${which} date` }).check(
    z.refine(isIsoDate, `Choose the ${which} date`),
    z.refine(
      (value) => !isIsoDate(value) || isCalendarDate(value),
      `The ${which} date is not a real date; choose one from the calendar`,
    ),
    z.refine(
      (value) => !isCalendarDate(value) || today === null || value >= today,
      `The ${which} date cannot be in the past`,
    ),
  );
}

/** An RFC 3339 date-time with its offset, as the open times are listed: 2026-12-03T08:00:00-05:00. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;

/** One of the open times offered, as the availability function listed it. */
export const offeredTime = (required: string, notOffered: string) =>
  z
    .string({ error: required })
    // Years before 1900 or past 2999 are no time anyone books (and year 0 is no date a calendar
    // library takes); the server then checks the time against the hours of the booking window.
    .check(
      z.refine((value) => {
        const year = Number(value.slice(0, 4));
        return RFC3339.test(value) && !Number.isNaN(Date.parse(value)) && year >= 1900 && year <= 2999;
      }, notOffered),
    );
