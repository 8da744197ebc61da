/**
 * Questions as a real `elicitation/create` request on the call's own stream,
 * the 2025-11-25 way: the call waits for the reply. Used by the SDK v2 server
 * on 2025 connections and by the toolkit (SDK v1). Needs no SDK: each host
 * passes its own way to send the request. The reply is checked by the core;
 * one that does not fit is asked again, a few times at most.
 */
import type { PreparedQuestion } from "../core/questions.ts";
import type { Answer } from "../core/types.ts";

/** How many times one question goes out before a client that keeps answering off the form gets an error. */
export const MAX_ASKS = 3;

/** The form as `elicitation/create` takes it. */
export interface ElicitFormParams {
  mode: "form";
  message: string;
  requestedSchema: PreparedQuestion["form"]["requestedSchema"];
}

/** Sends one form and resolves with the client's reply as it came; the signal takes the question back. */
export type SendForm = (params: ElicitFormParams, signal: AbortSignal | undefined) => Promise<unknown>;

/**
 * The `ask` of one call. A failed request (the client answered with an error,
 * or went away) rejects, and the tool's failure line carries the reason,
 * cleaned like every other thrown message.
 */
export function askByRequest(send: SendForm, signal: AbortSignal | undefined): (question: PreparedQuestion) => Promise<Answer> {
  return async (question) => {
    const params: ElicitFormParams = { mode: "form", message: question.form.message, requestedSchema: question.form.requestedSchema };
    for (let asked = 1; asked <= MAX_ASKS; asked++) {
      const answer = question.check(await send(params, signal));
      if (answer) return answer;
    }
    throw new Error(`no reply fit the question after ${MAX_ASKS} tries`);
  };
}
