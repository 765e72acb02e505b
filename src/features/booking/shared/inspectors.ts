/**
 * The inspectors as the desk, the CSV and the owner's feed name them. A booking keeps its
 * inspector's number; content/availability.yaml gives each number a name and a colour, so
 * reordering the list changes no booking, and a number taken out of the list still shows its
 * bookings, named as no longer listed, until they are handed to someone listed.
 */
export interface Inspector {
  /** The number bookings are kept under. */
  number: number;
  name: string;
  /** #RRGGBB, 3:1 or more against white (the schema checks it). */
  colour: string;
}

/** The mark of a number no longer listed: slate-600, 7.6:1 on white. */
export const UNLISTED_COLOUR = "#475569";

/** An inspector by number; a number not in the list reads as such, so its bookings stay in sight. */
export function inspectorOf(list: readonly Inspector[], number: number): Inspector {
  return (
    list.find((inspector) => inspector.number === number) ?? {
      number,
      name: `Inspector ${number} (no longer listed)`,
      colour: UNLISTED_COLOUR,
    }
  );
}

export const inspectorName = (list: readonly Inspector[], number: number) => inspectorOf(list, number).name;

/**
 * The inspectors to show a day's items under: those listed, in the list's order, then any number
 * no longer listed that still holds one of the items.
 */
export function inspectorsFor(list: readonly Inspector[], items: ReadonlyArray<{ inspector: number }>): Inspector[] {
  const unlisted = [...new Set(items.map((item) => item.inspector))]
    .filter((number) => !list.some((inspector) => inspector.number === number))
    .sort((a, b) => a - b);
  return [...list, ...unlisted.map((number) => inspectorOf(list, number))];
}
