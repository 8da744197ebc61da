// middleware-rate-limit.ts: at most `calls` calls per caller in each window; the next one is refused in a line the model can act on.
import { type Middleware, outcomeOf } from "@agntn/tools";

export function rateLimit({ calls = 30, windowMs = 60_000 } = {}): Middleware {
  const windows = new Map<string, { start: number; count: number }>();
  return (call, next) => {
    // The caller comes from authorization on HTTP hosts; everywhere else every call is "anonymous" and shares one window.
    const caller = call.caller?.subject ?? call.caller?.clientId ?? "anonymous";
    const now = Date.now();
    let window = windows.get(caller);
    if (!window || now - window.start >= windowMs) {
      // Callers whose window ended are forgotten, so the map holds only the callers of the current window.
      if (windows.size >= 10_000) for (const [key, old] of windows) if (now - old.start >= windowMs) windows.delete(key);
      window = { start: now, count: 0 };
      windows.set(caller, window);
    }
    window.count += 1;
    if (window.count > calls) {
      const seconds = Math.ceil((window.start + windowMs - now) / 1000);
      const text = `Too many calls: at most ${calls} every ${windowMs / 1000} s per caller. Try again in ${seconds} s.`;
      return outcomeOf(call, { content: [{ type: "text", text }], isError: true });
    }
    return next();
  };
}
