/**
 * Inspector time on one server, as files under the outbox folder: `slots/<date>/<inspector>/<unit>`
 * holds the reference of the booking that claimed it, created with an exclusive create (`wx`), so
 * the file system decides between two processes that claim the same unit at the same moment. Each
 * booking's state is `bookings/<reference>.json`, replaced whole (written aside, then renamed).
 */
import { readdirSync } from "node:fs";
import { mkdir, open, readdir, readFile, rename, stat, unlink } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { claimFirstFreeInspector } from "./slot-claim";
import type { BookingState, SlotStore } from "./store-types";

/**
 * A claim whose booking state was never written (its process died between the two) is let go after
 * this. The state is written before the request is stored, so a booking that was answered 201
 * always has it.
 */
const ORPHAN_CLAIM_MS = 10 * 60 * 1000;
const fileName = (unit: string) => unit.replace(/:/g, "");

export function slotFiles(dir: string): SlotStore {
  const unitFile = (date: string, inspector: number, unit: string) =>
    path.join(dir, "slots", date, String(inspector), fileName(unit));
  const bookingFile = (reference: string) => path.join(dir, "bookings", `${reference}.json`);
  /** Whether a holder's booking stands; undefined when no state was ever written for it. */
  const stands = async (reference: string) => {
    const text = await readFile(bookingFile(reference), "utf8").catch(() => null);
    return text === null ? undefined : (JSON.parse(text) as BookingState).status === "booked";
  };

  async function create(file: string, holder: string): Promise<boolean> {
    await mkdir(path.dirname(file), { recursive: true });
    try {
      const handle = await open(file, "wx");
      try {
        await handle.write(holder);
        await handle.datasync();
      } finally {
        await handle.close();
      }
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // Claimed before: by this holder (a retry) it is still its own.
      return (await readFile(file, "utf8").catch(() => "")) === holder;
    }
  }

  async function releaseFiles(files: string[], holder: string) {
    for (const file of files) {
      if ((await readFile(file, "utf8").catch(() => null)) === holder) await unlink(file).catch(() => undefined);
    }
  }

  return {
    claim: (date, units, inspectors, holder) =>
      claimFirstFreeInspector(
        inspectors,
        (inspector) => units.map((unit) => unitFile(date, inspector, unit)),
        (file) => create(file, holder),
        (files) => releaseFiles(files, holder),
      ),
    release: (date, inspector, units, holder) =>
      releaseFiles(
        units.map((unit) => unitFile(date, inspector, unit)),
        holder,
      ),
    async taken(dates) {
      const held = new Set<string>();
      for (const date of dates) {
        const folder = path.join(dir, "slots", date);
        let inspectors: string[];
        try {
          inspectors = await readdir(folder);
        } catch {
          continue;
        }
        for (const inspector of inspectors) {
          for (const name of await readdir(path.join(folder, inspector)).catch(() => [] as string[])) {
            const file = path.join(folder, inspector, name);
            const holder = await readFile(file, "utf8").catch(() => null);
            if (holder === null) continue;
            // A claim whose booking was cancelled, or was never written because its process died
            // in between, frees itself (a fresh one may be a booking being made right now).
            const standing = await stands(holder);
            const stale =
              standing === false ||
              (standing === undefined && Date.now() - (await stat(file)).mtimeMs > ORPHAN_CLAIM_MS);
            if (stale) {
              await releaseFiles([file], holder);
              continue;
            }
            held.add(`${inspector}/${name}`);
          }
        }
      }
      return (inspector, unit) => held.has(`${inspector}/${fileName(unit)}`);
    },
    async booking(reference) {
      try {
        return JSON.parse(await readFile(bookingFile(reference), "utf8")) as BookingState;
      } catch {
        return null;
      }
    },
    async saveBooking(state) {
      const file = bookingFile(state.reference);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.tmp`;
      const handle = await open(temporary, "w");
      try {
        await handle.write(JSON.stringify(state));
        await handle.datasync();
      } finally {
        await handle.close();
      }
      await rename(temporary, file);
    },
    async bookings() {
      let names: string[] = [];
      try {
        names = readdirSync(path.join(dir, "bookings")).filter((name) => name.endsWith(".json"));
      } catch {
        return [];
      }
      const states = await Promise.all(
        names.map((name) =>
          readFile(path.join(dir, "bookings", name), "utf8")
            .then((text) => JSON.parse(text) as BookingState)
            .catch(() => null),
        ),
      );
      return states.filter((state): state is BookingState => state !== null);
    },
  };
}
