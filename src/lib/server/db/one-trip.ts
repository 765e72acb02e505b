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
 * Runs the reads as one statement and returns what each makes, in order. Each read's rows keep its
 * ORDER BY: PostgreSQL aggregates a sorted subquery in its order.
 */
export async function inOneTrip<const Reads extends readonly Read<unknown>[]>(
  q: Queryable,
  reads: Reads,
): Promise<Results<Reads>> {
  const params: unknown[] = [];
  const columns = reads.map((read, index) => {
    const offset = params.length;
    params.push(...read.params);
    const sql = read.sql.replace(/\$(\d+)/g, (_placeholder, number: string) => `$${Number(number) + offset}`);
    return `(SELECT coalesce(json_agg(r), '[]'::json) FROM (${sql}) AS r) AS r${index}`;
  });
  const [row] = await q.query(`SELECT ${columns.join(", ")}`, params);
  return reads.map((read, index) => read.rows(row![`r${index}`] as Row[])) as Results<Reads>;
}
