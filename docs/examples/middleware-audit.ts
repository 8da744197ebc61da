// middleware-audit.ts: one JSON line per call, read or get, after it ends: when, on which host, who, what, how it ended. Never the arguments or the answer.
import type { Middleware } from "@agntn/tools";

// Lines go to stderr unless told otherwise: on a stdio server, stdout carries the protocol.
export function auditLog(write: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Middleware {
  return async (call, next) => {
    const started = new Date();
    // next() never throws: a throw anywhere further in is already an outcome of kind "thrown".
    const outcome = await next();
    const line = {
      time: started.toISOString(),
      ms: Date.now() - started.getTime(),
      host: call.host,
      caller: call.caller?.subject ?? call.caller?.clientId ?? null,
      // "tool", or "resource" and "prompt" when the list is a catalog's: then `tool` names the resource or prompt.
      kind: call.kind,
      tool: call.tool.name,
      effect: call.tool.effect,
      outcome: outcome.ok ? "ok" : outcome.kind,
    };
    write(JSON.stringify(line));
    return outcome;
  };
}
