/** A call by its name, for every host: the registry (../hosts.ts) checks the name before a host is asked. */
import type { HostOptions, TestCall } from "../types.ts";

export function callOf(options: HostOptions, id: string): TestCall {
  const call = Object.hasOwn(options.calls, id) ? options.calls[id] : undefined;
  if (!call) throw new TypeError(`no call is named ${JSON.stringify(id)}`);
  return call;
}
