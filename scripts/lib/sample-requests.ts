/** Valid requests as the forms send them (text as typed), with dates that are never in the past. */
import { marylandToday } from "../../src/lib/request-schemas";

export function daysFromToday(days: number): string {
  const date = new Date(`${marylandToday()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function scheduleRequest(overrides: Record<string, unknown> = {}) {
  return {
    mainInspection: "residential",
    addOns: ["radon"],
    waterPackages: ["basic-potability"],
    street: "12 Severn Avenue",
    city: "Annapolis",
    zip: "21403",
    county: "Anne Arundel",
    propertyType: "single-family",
    squareFeet: "2100",
    yearBuilt: "1962",
    foundation: "crawlspace",
    firstDate: daysFromToday(7),
    firstWindow: "morning",
    secondDate: daysFromToday(8),
    secondWindow: "afternoon",
    name: "Ann Client",
    email: "ann.client@example.com",
    phone: "(410) 555-0100",
    heardFrom: "agent",
    agentName: "Bea Agent",
    agentEmail: "bea.agent@example.com",
    notes: "The side gate is unlocked.",
    website: "",
    ...overrides,
  };
}

export function contactMessage(overrides: Record<string, unknown> = {}) {
  return {
    name: "Carl Owner",
    email: "carl@example.com",
    phone: "",
    topic: "radon",
    message: "Do you test for radon in Howard County rentals?",
    website: "",
    ...overrides,
  };
}
