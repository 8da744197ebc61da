// The facts the Clients page gives for each client, in order, by their key in clients.json and the label a reader
// sees: one list for the page's table (ClientTable.vue) and the docs tools' text of it (docs/server/docs-tools.ts).
export const CLIENT_FACTS = [
  ["version", "version tested"],
  ["transports", "transports tested"],
  ["revision", "revision it speaks"],
  ["questions", "questions"],
  ["progress", "progress"],
  ["images", "images"],
  ["views", "MCP Apps views"],
  ["listChanged", "tools/list_changed"],
  ["endsSession", "ends its session"],
  ["setting", "the setting you need"],
] as const;
