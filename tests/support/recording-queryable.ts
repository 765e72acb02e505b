/** A Queryable that writes down each statement it runs, then runs it: what the sign-in tests compare between addresses. */
import type { Queryable } from "../../src/lib/server/db/database";

export function recording(tx: Queryable, statements: string[]): Queryable {
  return {
    query: (sql, params) => {
      statements.push(sql.replace(/\s+/g, " ").trim());
      return tx.query(sql, params);
    },
    exec: (sql) => {
      statements.push(sql);
      return tx.exec(sql);
    },
  };
}
