import { catalog } from "../../../lib/pricing/catalog";
import { scheduleFieldSchemas } from "../../../lib/forms/schedule-fields";
import { emptyScheduleAnswers, emptyScheduleValues } from "./empty-schedule";
import { readQuotedAnswers } from "./schedule-quote";

const options = { today: "2026-12-08", currentYear: 2026 };

describe("the empty schedule form's answers, before its checks come", () => {
  it.each([true, false])("are what its field schemas read from it (booking: %s)", (booking) => {
    const fields = scheduleFieldSchemas(catalog, { ...options, booking });
    expect(emptyScheduleAnswers(catalog)).toEqual(readQuotedAnswers(fields, emptyScheduleValues));
  });

  it("leave out a main inspection the price list no longer offers, as its schema does", () => {
    const without = { ...catalog, mainInspections: catalog.mainInspections.filter((id) => id !== "residential") };
    const fields = scheduleFieldSchemas(without, { ...options, booking: true });
    expect(emptyScheduleAnswers(without).mainInspection).toBeNull();
    expect(emptyScheduleAnswers(without)).toEqual(readQuotedAnswers(fields, emptyScheduleValues));
  });
});
