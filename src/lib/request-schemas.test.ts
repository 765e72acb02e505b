import { bookingRequest, scheduleRequest } from "../../tests/support/sample-requests";
import { catalog as realCatalog } from "./pricing/catalog";
import { BOOKED_BY_AGENT, COPY_AGENT, type Catalog } from "./forms/choices";
import { createContactSchema, createScheduleSchema } from "./request-schemas";
import { fieldErrors } from "./forms/field-errors";

/** Every choice the sample request makes, and a county whose ZIP codes it shares with Anne Arundel. */
const catalog: Catalog = {
  mainInspections: ["residential", "commercial"],
  addOns: ["radon"],
  waterPackages: ["basic-potability"],
  foundations: ["crawlspace"],
  counties: ["Anne Arundel", "Howard"],
  countyZipPrefixes: { "Anne Arundel": ["214", "210"], Howard: ["210"] },
  topics: ["residential", "radon"],
};
const schedule = createScheduleSchema(catalog, { today: "2026-11-22", currentYear: 2026, booking: false });
const contact = createContactSchema(catalog);

/** The sample request, its preferred dates a week after the day these tests take as today. */
const goodRequest = scheduleRequest({ firstDate: "2026-11-30", secondDate: "2026-12-01" });

function errorsFor(change: Record<string, unknown>) {
  const result = schedule.safeParse({ ...goodRequest, ...change });
  return result.success ? {} : fieldErrors(result.error);
}

describe("the schedule schema", () => {
  it("accepts a complete request and turns numbers typed as text into numbers", () => {
    const result = schedule.safeParse(goodRequest);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ squareFeet: 2100, yearBuilt: 1962, name: "Ann Client" });
  });

  it("accepts tests on their own, with no main inspection", () => {
    expect(
      schedule.safeParse({ ...goodRequest, mainInspection: "none", addOns: [], waterPackages: ["basic-potability"] })
        .success,
    ).toBe(true);
  });

  it.each([
    [
      { mainInspection: "none", addOns: [], waterPackages: [] },
      "mainInspection",
      "Choose an inspection or at least one test",
    ],
    [{ mainInspection: "castle" }, "mainInspection", "Choose an inspection, or none"],
    [{ addOns: ["pool"] }, "addOns", "Choose from the listed add-ons"],
    [{ street: "  " }, "street", "Enter the street address"],
    [{ zip: "" }, "zip", "Enter the ZIP code"],
    [{ zip: "90210" }, "zip", "Enter a Maryland ZIP code: five digits from 20601 to 21930"],
    [{ zip: "2140" }, "zip", "Enter a Maryland ZIP code: five digits from 20601 to 21930"],
    [{ county: "Fairfax" }, "county", "Choose the county"],
    [{ propertyType: "castle" }, "propertyType", "Choose the type of property"],
    [{ squareFeet: "" }, "squareFeet", "Enter the finished square feet as a number"],
    [{ squareFeet: "lots" }, "squareFeet", "Enter the finished square feet in digits, such as 2100"],
    [{ squareFeet: "0x834" }, "squareFeet", "Enter the finished square feet in digits, such as 2100"],
    [{ squareFeet: "2.1e3" }, "squareFeet", "Enter the finished square feet in digits, such as 2100"],
    [{ squareFeet: [2100] }, "squareFeet", "Enter the finished square feet in digits, such as 2100"],
    [{ squareFeet: " 0b100000000 " }, "squareFeet", "Enter the finished square feet in digits, such as 2100"],
    [{ yearBuilt: "0x7AA" }, "yearBuilt", "Enter the year as four digits, such as 1978"],
    [{ addOns: ["radon", "radon", "radon"] }, "addOns", "Choose each add-on only once"],
    [{ waterPackages: ["basic-potability", "basic-potability"] }, "waterPackages", "Choose each water test only once"],
    [{ firstDate: "2026-13-45" }, "firstDate", "The first date is not a real date; choose one from the calendar"],
    [{ secondDate: "2027-02-30" }, "secondDate", "The second date is not a real date; choose one from the calendar"],
    [
      { zip: "21403", county: "Howard" },
      "zip",
      "This ZIP code is not in the county chosen; check the ZIP code and the county",
    ],
    [{ name: "\u200b\u200b\u200d\ufeff" }, "name", "Enter your name"],
    [{ name: "\u0000\u202e " }, "name", "Enter your name"],
    [{ squareFeet: "150" }, "squareFeet", "Enter at least 200 square feet"],
    [{ yearBuilt: "" }, "yearBuilt", "Enter the year the property was built"],
    [{ yearBuilt: "old" }, "yearBuilt", "Enter the year as four digits, such as 1978"],
    [{ squareFeet: "1500.5" }, "squareFeet", "Enter the finished square feet as a whole number"],
    [{ squareFeet: "250000" }, "squareFeet", "For more than 200,000 square feet, please call us"],
    [{ yearBuilt: "1600" }, "yearBuilt", "Enter a year from 1700 on"],
    [{ yearBuilt: "2031" }, "yearBuilt", "The year built cannot be that far in the future"],
    [{ foundation: undefined }, "foundation", "Choose the foundation"],
    [{ firstDate: "2026-11-21" }, "firstDate", "The first date cannot be in the past"],
    [{ firstDate: "next week" }, "firstDate", "Choose the first date"],
    [{ secondDate: "" }, "secondDate", "Choose the second date"],
    [
      { secondDate: "2026-11-30", secondWindow: "morning" },
      "secondDate",
      "Choose a second date or time window different from the first",
    ],
    [{ firstWindow: "night" }, "firstWindow", "Choose a time window"],
    [{ name: "A" }, "name", "Enter your name"],
    [{ email: "ann@" }, "email", "Enter an e-mail address such as you@example.com"],
    [{ phone: "555-0100" }, "phone", "Enter a 10-digit US phone number, such as (410) 555-0142"],
    [{ heardFrom: "billboard" }, "heardFrom", "Choose one of the answers listed, or none"],
    [{ agentEmail: "agent@" }, "agentEmail", "Enter the agent's e-mail address, or leave it empty"],
    [{ notes: "x".repeat(2001) }, "notes", "Keep the notes under 2,000 characters"],
  ])("rejects %j: %s says %s", (change, field, message) => {
    expect(errorsFor(change)).toEqual({ [field]: message });
  });

  it("takes a request whose marketing question is left unanswered", () => {
    expect(errorsFor({ heardFrom: undefined })).toEqual({});
    expect(errorsFor({ heardFrom: "" })).toEqual({});
  });

  it("accepts a leap day, and a number as JSON sends it or typed with a thousands comma", () => {
    expect(errorsFor({ secondDate: "2028-02-29", squareFeet: 2100, yearBuilt: "1,962" })).toEqual({});
    expect(schedule.safeParse({ ...goodRequest, squareFeet: "2,100" }).data?.squareFeet).toBe(2100);
  });

  it("strips control, bidirectional and zero-width characters from what it stores", () => {
    const result = schedule.safeParse({
      ...goodRequest,
      name: "Ann\u0000 \u202eCli\u200bent\u2066",
      street: "12\u0007 Severn\u00a0Avenue",
      notes: "Line one\r\nLine\u200f two\u0085",
    });
    expect(result.data).toMatchObject({
      name: "Ann Client",
      street: "12 Severn\u00a0Avenue",
      notes: "Line one\nLine two",
    });
  });

  it("keeps a name, street, town and agent on one line: line breaks and tabs become spaces", () => {
    const result = schedule.safeParse({
      ...goodRequest,
      name: "Ann\r\nEstimate: nothing",
      street: "12\tSevern\u2028Avenue",
      city: "Annapolis\n\nBcc",
      agentName: "Bea\u2029Agent",
      notes: "Line one\nLine two",
    });
    expect(result.data).toMatchObject({
      name: "Ann Estimate: nothing",
      street: "12 Severn Avenue",
      city: "Annapolis Bcc",
      agentName: "Bea Agent",
      notes: "Line one\nLine two",
    });
  });

  it("takes a phone number as people write one, without invisible characters", () => {
    for (const phone of ["(410) 555-0100", "410.555.0100", "+1 410-555-0100", "4105550100"]) {
      expect(errorsFor({ phone })).toEqual({});
    }
    expect(schedule.safeParse({ ...goodRequest, phone: " (410)\u0000 555-0100\u202e\u200b " }).data?.phone).toBe(
      "(410) 555-0100",
    );
  });

  it.each([
    ["a forged estimate around ten digits", "(410) 555-0100\n\nEstimate:\n  Estimated total: nothing\u001b[H"],
    ["letters", "(410) 555-0100 ask for Ann"],
    ["other punctuation", "410/555/0100"],
    ["more than 30 characters", `${"-".repeat(17)}(410) 555-0100`],
    ["12 KB", `(410) 555-0100${" -".repeat(6 * 1024)}`],
  ])("refuses a phone number with %s", (_, phone) => {
    expect(errorsFor({ phone })).toEqual({ phone: "Enter a 10-digit US phone number, such as (410) 555-0142" });
  });

  it("accepts a phone number of 30 characters", () => {
    expect(errorsFor({ phone: `${"-".repeat(16)}(410) 555-0100` })).toEqual({});
  });

  it("refuses 40,000 characters in every field a visitor types into", () => {
    // The sample request fills the optional notes and agent name and e-mail too.
    // The padding keeps each value otherwise valid where it can: dashes fit a phone number.
    const pad = (field: string, value: unknown): unknown => {
      const padding = (field === "phone" ? "-" : "a").repeat(40_000);
      if (typeof value === "string") return padding + value;
      if (Array.isArray(value)) return value.map((item) => pad(field, item));
      return value;
    };
    // The honeypot is refused whenever it is filled, before the schema is asked.
    const fields = Object.keys(goodRequest).filter((field) => field !== "website");
    for (const field of fields) {
      const result = schedule.safeParse({
        ...goodRequest,
        [field]: pad(field, goodRequest[field as keyof typeof goodRequest]),
      });
      expect([field, result.success ? {} : Object.keys(fieldErrors(result.error))]).toEqual([field, [field]]);
    }
  });

  it("accepts today's date but not yesterday's", () => {
    expect(errorsFor({ firstDate: "2026-11-22" })).toEqual({});
    expect(errorsFor({ firstDate: "2026-11-21" })).toEqual({ firstDate: "The first date cannot be in the past" });
  });

  it("reports every bad field of a request at once, first message per field", () => {
    expect(Object.keys(errorsFor({ name: "", email: "x", zip: "1" })).sort()).toEqual(["email", "name", "zip"]);
  });
});

describe("the schedule schema with the business's own county table", () => {
  const real = createScheduleSchema(realCatalog, { today: "2026-11-22", currentYear: 2026, booking: false });
  const zipError = (county: string, zip: string) => {
    const result = real.safeParse({ ...goodRequest, foundation: realCatalog.foundations[0], county, zip });
    return result.success ? undefined : fieldErrors(result.error).zip;
  };

  it("refuses a ZIP code outside the county chosen", () => {
    expect(zipError("Garrett", "21401")).toBe(
      "This ZIP code is not in the county chosen; check the ZIP code and the county",
    );
    expect(zipError("Anne Arundel", "21532")).toBeDefined();
  });

  it("accepts each county's own ZIP codes", () => {
    expect(zipError("Garrett", "21550")).toBeUndefined();
    expect(zipError("Anne Arundel", "21403")).toBeUndefined();
    expect(zipError("Baltimore City", "21201")).toBeUndefined();
    expect(zipError("Montgomery", "20910")).toBeUndefined();
    expect(zipError("Worcester", "21842")).toBeUndefined();
  });

  it("knows the ZIP prefixes of every county it serves", () => {
    for (const county of realCatalog.counties) expect(realCatalog.countyZipPrefixes[county]).toBeDefined();
  });
});

describe("the contact schema", () => {
  const message = {
    name: "Ann",
    email: "ann@example.com",
    phone: "",
    topic: "radon",
    message: "Do you test in Howard County?",
  };

  it("accepts a message with or without a phone number", () => {
    expect(contact.safeParse(message).success).toBe(true);
    expect(contact.safeParse({ ...message, phone: "410-555-0100", topic: "other" }).success).toBe(true);
  });

  it("cleans a phone number and refuses one that is more than a phone number", () => {
    expect(contact.safeParse({ ...message, phone: "410\u0000-555-0100\u202e" }).data?.phone).toBe("410-555-0100");
    const forged = `(410) 555-0100\n\nEstimate:\n  Estimated total: nothing\u0000${"x".repeat(12 * 1024)}`;
    const result = contact.safeParse({ ...message, phone: forged });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({
      phone: "Enter a 10-digit US phone number, or leave it empty",
    });
  });

  it("refuses 40,000 characters in every field a visitor types into", () => {
    const complete = { ...message, phone: "410-555-0100" };
    for (const [field, value] of Object.entries(complete)) {
      const padding = (field === "phone" ? "-" : "a").repeat(40_000);
      const result = contact.safeParse({ ...complete, [field]: padding + value });
      expect([field, result.success ? {} : Object.keys(fieldErrors(result.error))]).toEqual([field, [field]]);
    }
  });

  it.each([
    [{ topic: "pool" }, "topic", "Choose what your message is about"],
    [{ message: "Hi" }, "message", "Write your message (at least 10 characters)"],
    [{ phone: "12" }, "phone", "Enter a 10-digit US phone number, or leave it empty"],
    [{ email: "" }, "email", "Enter an e-mail address such as you@example.com"],
    [{ name: "\u200b\u200c" }, "name", "Enter your name"],
    [{ message: "\u202e\u0000\u200b".repeat(10) }, "message", "Write your message (at least 10 characters)"],
  ])("rejects %j", (change, field, text) => {
    const result = contact.safeParse({ ...message, ...change });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({ [field]: text });
  });
});

describe("a booking (availability.yaml's bookingOnline)", () => {
  const booking = createScheduleSchema(catalog, { today: "2026-11-22", currentYear: 2026, booking: true });
  const { start: _, ...withoutStart } = bookingRequest("");
  const errorsOf = (request: Record<string, unknown>) => {
    const result = booking.safeParse(request);
    return result.success ? {} : fieldErrors(result.error);
  };

  it("names a start time, with its offset, instead of two preferred dates", () => {
    expect(errorsOf(bookingRequest("2026-12-01T10:00:00-05:00"))).toEqual({});
    expect(errorsOf(withoutStart)).toEqual({ start: "Choose a time" });
    for (const start of ["2026-12-01", "2026-12-01T10:00", "tomorrow at ten", "2026-13-01T10:00:00-05:00"]) {
      expect(errorsOf(bookingRequest(start))).toEqual({ start: "Choose one of the times shown" });
    }
  });

  it("asks an agent booking for a client for the agent's own name, e-mail and phone", () => {
    const request = bookingRequest("2026-12-01T10:00:00-05:00", { bookedByAgent: BOOKED_BY_AGENT });
    expect(errorsOf({ ...request, agentName: "", agentEmail: "", agentPhone: "" })).toEqual({
      agentName: "Enter your name, as the agent",
      agentEmail: "Enter your e-mail address, as the agent",
      agentPhone: "Enter your phone number, as the agent",
    });
    expect(
      errorsOf({ ...request, agentName: "Bea Agent", agentEmail: "bea@example.com", agentPhone: "(410) 555-0111" }),
    ).toEqual({});
  });

  it("copies the client's agent only on the box's own answer, and asks for the e-mail it copies", () => {
    const request = bookingRequest("2026-12-01T10:00:00-05:00");
    expect(errorsOf({ ...request, copyAgent: COPY_AGENT })).toEqual({});
    expect(errorsOf({ ...request, copyAgent: "" })).toEqual({});
    expect(errorsOf({ ...request, copyAgent: COPY_AGENT, agentEmail: "" })).toEqual({
      agentEmail: "Enter the agent's e-mail address to copy them, or untick the box",
    });
    expect(errorsOf({ ...request, copyAgent: "please" })).toEqual({
      copyAgent: "Tick the box only to copy the agent on the scheduling e-mails",
    });
  });
});
