import { defineTool, Type } from "@agntn/tools";

export const myNotesTool = defineTool({
  name: "notes_mine",
  title: "My Notes",
  description: "List the notes of the person calling.",
  effect: "read",
  input: Type.Object({}, { additionalProperties: false }),
  execute(_input, { auth }) {
    // `auth` is set on an HTTP host with authorization; stdio, Pi and the command line have no caller.
    if (!auth?.subject) return { content: [{ type: "text", text: "Sign in to see your notes." }], isError: true };
    return { content: [{ type: "text", text: `Notes of ${auth.subject} (client ${auth.clientId})` }] };
  },
});
