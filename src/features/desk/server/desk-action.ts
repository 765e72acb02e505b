/**
 * One action of the desk: its method (GET reads, POST changes), who may call it, the schema of its
 * input (a read's query, a change's body) and the small handler that does it. The actions are grouped
 * by what they change (actions/); the dispatcher (desk-handler.ts) looks them up and guards them alike.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { z } from "zod";
import type { Database } from "../../../lib/server/db/database";
import { HttpError } from "../../../lib/server/http/http-error";
import type { DeskSession } from "./desk-store";

export interface DeskCall<Input> {
  db: Database;
  input: Input;
  now: Date;
  req: GatsbyFunctionRequest;
  res: GatsbyFunctionResponse;
  /** The caller's session; null only in the actions that sign in (access "anyone"). */
  session: (DeskSession & { id: string }) | null;
}

/** An answer with a status of its own (the booking the office makes answers as the schedule form does). */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: object,
  ) {}
}

/** What a handler returns when it has written the response itself (a file, a redirect). */
export const RESPONDED = Symbol("responded");

export interface DeskAction<Input = unknown> {
  method: "GET" | "POST";
  /**
   * "session": a session, and for a change this site's Origin (a caller without a session is limited
   * per address). "anyone": the steps of signing in and out, limited per address, Origin checked.
   */
  access: "session" | "anyone";
  /** The query or body; absent, the body is not read (signing out). Its first problem is the 400's message. */
  input?: z.ZodType<Input>;
  /** The sign-in link's ask gives the same answer to any text, a broken character too: not checked as text. */
  anyText?: true;
  /** Default: the e-mails it stored are sent before the answer. "after-answer": after it (see sign-in.ts). "itself": the store sends them. */
  mail?: "after-answer" | "itself";
  /** Work started once the answer has gone. */
  afterAnswer?: () => void;
  run(call: DeskCall<Input>): Promise<object | Reply | typeof RESPONDED>;
}

/** Declares an action, its handler typed by its schema. */
export const deskAction = <Input>(action: DeskAction<Input>): DeskAction => action as DeskAction;

/** The input as its schema reads it, or 400 with the first problem's message. */
export function readInput<Input>(schema: z.ZodType<Input>, value: unknown): Input {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new HttpError(400, result.error.issues[0]?.message ?? "The request is not one the desk takes.");
  return result.data;
}

/** A field that must be a non-empty string, or `message`. */
export const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

/** The booking a change is about. */
export const bookingReference = requiredText("Say which booking.");

/** The caller's session, in an action whose access is "session". */
export function sessionOf<Input>(call: DeskCall<Input>): DeskSession & { id: string } {
  if (!call.session) throw new Error("A desk action that needs a session was called without one.");
  return call.session;
}
