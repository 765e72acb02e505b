/**
 * Reads run together in one statement (src/lib/server/db/one-trip.ts), on both engines: each gets
 * its own parameters, keeps its order, and makes what it makes when run alone.
 */
import { inOneTrip, runRead, type Read } from "../../src/lib/server/db/one-trip";
import { blockDatabase, engines } from "../support/database-engines";
import { recording } from "../support/recording-queryable";

/** The numbers from 1 to `count` named `tag`, largest first, with the time they were read. */
const countDown = (tag: string, count: number): Read<Array<{ tag: string; x: number; at: string }>> => ({
  sql: "SELECT $1::text AS tag, x, now() AS at FROM generate_series(1, $2::integer) AS x ORDER BY x DESC",
  params: [tag, count],
  rows: (rows) =>
    rows.map((row) => ({ tag: String(row.tag), x: Number(row.x), at: new Date(row.at as string).toISOString() })),
});

const sum = (a: number, b: number): Read<number> => ({
  sql: "SELECT $1::integer + $2::integer AS total",
  params: [a, b],
  rows: (rows) => Number(rows[0]!.total),
});

const nothing: Read<number> = { sql: "SELECT 1 AS one WHERE false", params: [], rows: (rows) => rows.length };

describe.each(engines)("reads in one trip on %s", (_name, open) => {
  const db = blockDatabase(open);

  it("runs them as one statement, each with its own parameters, in its own order", async () => {
    const statements: string[] = [];
    const [first, total, none, second, third, fourth, fifth] = await inOneTrip(recording(db, statements), [
      countDown("a", 3),
      sum(40, 2),
      nothing,
      countDown("b", 2),
      sum(1, 2),
      sum(3, 4),
      // Its parameters are $11 and $12 of the statement: past $9, each placeholder is renumbered whole.
      countDown("c", 12),
    ]);
    expect(statements).toHaveLength(1);
    expect(first.map((row) => `${row.tag}${row.x}`)).toEqual(["a3", "a2", "a1"]);
    expect([total, none, third, fourth]).toEqual([42, 0, 3, 7]);
    expect(second.map((row) => `${row.tag}${row.x}`)).toEqual(["b2", "b1"]);
    expect(fifth.map((row) => row.x)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(fifth.every((row) => row.tag === "c")).toBe(true);
  });

  it("makes what each read makes alone, its times too", async () => {
    const read = countDown("d", 4);
    const [together] = await db.transaction(async (tx) => {
      const [inTrip] = await inOneTrip(tx, [read]);
      // now() is the transaction's start: the same for both.
      return [{ inTrip, alone: await runRead(tx, read) }];
    });
    expect(together!.inTrip).toEqual(together!.alone);
  });
});
