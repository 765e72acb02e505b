/**
 * Reads that do not depend on each other, in one round trip: each read's rows come back as one JSON
 * column of a single statement. On Netlify the database is across a network, so a page that needs
 * five such reads waits for it once. Rows read this way carry times as ISO text and numbers as numbers.
 */
import type { Queryable, Row } from "./queryable";

/** A read: its SQL with its own parameters ($1 on), and what its rows make. */
export interface Read<T> {
  sql: string;
  params: readonly unknown[];
  rows(rows: Row[]): T;
}

type Results<Reads extends readonly Read<unknown>[]> = {
  -readonly [K in keyof Reads]: Awaited<ReturnType<Reads[K]["rows"]>>;
};

/** Runs one read alone. */
export async function runRead<T>(q: Queryable, read: Read<T>): Promise<T> {
  return read.rows(await q.query(read.sql, read.params));
}

/**
 * The reads as one read: one statement whose row holds each read's rows, so that it can itself be
 * run with others. Each read's rows keep its ORDER BY: PostgreSQL aggregates a sorted subquery in its order.
 */
export function together<const Reads extends readonly Read<unknown>[]>(reads: Reads): Read<Results<Reads>> {
  const params: unknown[] = [];
  const columns = reads.map((read, index) => {
    const offset = params.length;
    params.push(...read.params);
    const sql = read.sql.replace(/\$(\d+)/g, (_placeholder, number: string) => `$${Number(number) + offset}`);
    return `(SELECT coalesce(json_agg(r), '[]'::json) FROM (${sql}) AS r) AS r${index}`;
  });
  return {
    sql: `SELECT ${columns.join(", ")}`,
    params,
    rows: (rows) => reads.map((read, index) => read.rows(rows[0]![`r${index}`] as Row[])) as Results<Reads>,
  };
}

/** Runs the reads as one statement, one round trip, and returns what each makes, in order. */
export const inOneTrip = <const Reads extends readonly Read<unknown>[]>(
  q: Queryable,
  reads: Reads,
): Promise<Results<Reads>> => runRead(q, together(reads));

/** Nothing to read, where a read may be left out of those run together. */
export const NO_READ: Read<null> = { sql: "SELECT 1 WHERE false", params: [], rows: () => null };

/** A read's rows made into something else. */
export const mapRead = <T, U>(read: Read<T>, map: (value: T) => U): Read<U> => ({
  ...read,
  rows: (rows) => map(read.rows(rows)),
});
