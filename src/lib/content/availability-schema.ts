/**
 * The shape of content/availability.yaml: when the business works, how long its jobs take, and
 * the holidays it may close on.
 */
import { z } from "zod";
import { contrastRatio } from "../ui/colour-contrast";
import { isoDate, longText, patterns, slug, text } from "./content-fields";

const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof weekdays)[number];
/**
 * The holidays the owner may close on, by id; src/features/booking/shared/holidays.ts has the date-holidays
 * rule that dates each one and the observed-day rule.
 */
export const holidayIds = [
  "new-years-day",
  "martin-luther-king-day",
  "presidents-day",
  "memorial-day",
  "juneteenth",
  "independence-day",
  "labor-day",
  "columbus-day",
  "veterans-day",
  "thanksgiving",
  "day-after-thanksgiving",
  "christmas-eve",
  "christmas",
  "new-years-eve",
] as const;
export type HolidayId = (typeof holidayIds)[number];
const clockTime = z.string().regex(patterns.clockTime.regex, patterns.clockTime.message);
/** The least contrast a mark on the desk's white needs to be seen (WCAG 2.2, 1.4.11). */
const MARK_CONTRAST = 3;
const markColour = z
  .string()
  .regex(patterns.colour.regex, patterns.colour.message)
  .superRefine((colour, context) => {
    const ratio = contrastRatio(colour, "#ffffff");
    if (patterns.colour.regex.test(colour) && ratio < MARK_CONTRAST) {
      context.addIssue({
        code: "custom",
        message: `must stand out on white by ${MARK_CONTRAST}:1 or more (it is ${ratio.toFixed(1)}:1): choose a darker colour`,
      });
    }
  });
const minutes = z.number().int("must be a whole number of minutes").nonnegative("must not be negative");

/**
 * When the business works and how long its jobs take: the schedule page offers only the start
 * times these allow and nobody has claimed. With `bookingOnline: false` the page takes a request
 * for two preferred dates and the office calls back instead.
 */
export const availabilitySchema = z
  .strictObject({
    bookingOnline: z
      .boolean()
      .meta({ description: "On: visitors book a confirmed time. Off: they ask for two dates and you call back" }),
    timeZone: z.literal("America/New_York").meta({ description: "The business's time zone (Maryland)" }),
    weeklyHours: z
      .array(z.strictObject({ day: z.enum(weekdays), opens: clockTime, closes: clockTime }))
      .min(1, "must list at least one working day")
      .meta({
        description:
          "One entry per working day; a day not listed is closed. The site's opening hours (Monday to Saturday, 8 am to 6 pm) are made from it",
      }),
    inspectors: z
      .array(
        z.strictObject({
          number: z.number().int().min(1, "must be at least 1").meta({
            description:
              "The number this inspector's bookings are kept under: keep it with the person; a new inspector takes a number not used before",
          }),
          name: text.meta({ description: "As the desk, the bookings download and your calendar feed name them" }),
          colour: markColour.meta({
            description: "The mark beside their bookings on the desk, as #RRGGBB; dark enough to see on white",
          }),
        }),
      )
      .min(1, "must list at least one inspector")
      .meta({ description: "Who inspects: as many jobs can run at the same time as there are inspectors" }),
    startEveryMinutes: z
      .number()
      .int()
      .refine((value) => [15, 20, 30, 60].includes(value), "must be 15, 20, 30 or 60")
      .meta({ description: "Start times are offered every 15, 20, 30 or 60 minutes; a job must be over by closing" }),
    bufferMinutes: minutes.meta({ description: "Kept free after every job" }),
    minimumNoticeWorkingDays: z
      .number()
      .int()
      .min(0)
      .meta({ description: "1: the earliest booking is on the next working day" }),
    horizonDays: z.number().int().min(1).max(365).meta({ description: "How far ahead visitors may book" }),
    closedHolidays: z.array(z.enum(holidayIds)).meta({
      description:
        "Holidays you close on, by id. One on a day you do not work closes the next day instead, or else the day before, when you work that day and it is not another of these holidays",
    }),
    blockedDates: z.array(isoDate).default([]).meta({ description: "Other days you do not work" }),
    durations: z
      .strictObject({
        mainInspections: z
          .array(
            z.strictObject({
              id: slug.meta({ description: "An inspection's id in pricing.yaml" }),
              sizeBands: z.array(z.strictObject({ maxSqFt: z.number().int().positive(), minutes })).min(1),
              overflow: z.strictObject({ perSqFt: z.number().int().positive(), minutes }),
            }),
          )
          .meta({ description: "Time on site by finished square feet, as the price bands" }),
        addOns: z
          .array(z.strictObject({ id: slug.meta({ description: "An add-on's id in pricing.yaml" }), minutes }))
          .meta({ description: "Time each add-on adds on site" }),
        waterSamplingMinutes: minutes.meta({
          description: "Time on site to take water samples, whatever the packages",
        }),
        travel: z
          .array(z.strictObject({ zone: text.meta({ description: "A travel zone's label in pricing.yaml" }), minutes }))
          .meta({ description: "Extra time blocked for travel, by the price tables' travel zones" }),
      })
      .meta({ description: "Time on site; the build refuses a price without a duration" }),
    cancellation: z.strictObject({
      cutoffHours: z
        .number()
        .int()
        .min(0)
        .meta({ description: "Visitors may cancel or move online until this many hours before the start" }),
      policy: longText.meta({
        description: "The policy as visitors read it, before booking and on /cancellation-policy",
      }),
      refund: z
        .strictObject({
          fullRefundHours: z.number().int().min(0).meta({
            description: "A booking cancelled at least this many hours before its start gets back all it paid online",
          }),
          lateRefundPercent: z.number().int().min(0).max(100).meta({
            description: "The percentage of what was paid online given back for a later cancellation",
          }),
          reachesYouIn: text.meta({
            description: "How long a refund takes to reach the client's card, as the cancellation e-mail says it",
          }),
        })
        .meta({ description: "What a cancellation gives back of a payment made online (with payments switched on)" }),
    }),
    holds: z
      .strictObject({
        confirmWithinMinutes: z.number().int().min(10).max(2880).meta({
          description:
            "A new booking holds its time until it is confirmed from the e-mailed link within this many minutes of the e-mail's delivery; then the time is freed",
        }),
        perMailbox: z
          .number()
          .int()
          .min(1)
          .meta({ description: "Bookings one e-mail address may hold at once, confirmed or waiting" }),
        perPhone: z.number().int().min(1).meta({ description: "Bookings one phone number may hold at once" }),
        perProperty: z.number().int().min(1).meta({ description: "Bookings one property address may hold at once" }),
        movesPerBooking: z
          .number()
          .int()
          .min(0)
          .meta({ description: "How many times a visitor may move one booking online; after that, by phone" }),
      })
      .meta({ description: "What keeps anyone from holding the calendar with bookings nobody will keep" }),
    reminders: z
      .strictObject({
        beforeVisitHours: z.number().int().min(1).max(336).meta({
          description: "The client (and an agent who booked) are e-mailed a reminder this many hours before the visit",
        }),
        unsignedOwnerAlertHours: z.number().int().min(1).max(336).meta({
          description:
            "A booking whose agreement is still unsigned this many hours before the visit is e-mailed to you",
        }),
      })
      .meta({ description: "The e-mails sent before a visit" }),
  })
  .superRefine((availability, context) => {
    availability.weeklyHours.forEach((entry, index) => {
      if (entry.closes <= entry.opens) {
        context.addIssue({ code: "custom", path: ["weeklyHours", index, "closes"], message: "must be after opens" });
      }
      if (availability.weeklyHours.findIndex((other) => other.day === entry.day) !== index) {
        context.addIssue({ code: "custom", path: ["weeklyHours", index, "day"], message: "is listed twice" });
      }
    });
    for (const key of ["number", "name"] as const) {
      availability.inspectors.forEach((inspector, index) => {
        if (availability.inspectors.findIndex((other) => other[key] === inspector[key]) !== index) {
          context.addIssue({ code: "custom", path: ["inspectors", index, key], message: "is listed twice" });
        }
      });
    }
    availability.closedHolidays.forEach((holiday, index) => {
      if (availability.closedHolidays.indexOf(holiday) !== index) {
        context.addIssue({ code: "custom", path: ["closedHolidays", index], message: "is listed twice" });
      }
    });
  });
