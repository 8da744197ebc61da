/**
 * The Claude Agent SDK panel: `toClaudeAgentServer` serving the tool, an MCP
 * SDK v1 client (as Claude Code is to it) listing and calling it over SDK
 * v1's in-memory pair. Claude Code names the tool `mcp__<server>__<tool>`.
 * The same client asks whether the server serves the probe's resource and prompt.
 */
import type { AnyTool } from "@agntn/tools";
import { toClaudeAgentServer } from "@agntn/tools/claude-agent";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { measureOverMcp } from "./mcp-client.ts";
import {
  CATALOG_PROBE,
  CONTENT_PROBE,
  catalogServed,
  type HostIntro,
  peerRange,
  propertyNames,
  toDisplayJson,
  type UnnumberedPanel,
} from "./panels.ts";

/** The panel header's host: its name in the site's navigation, and what it is. */
const INTRO: HostIntro = {
  name: "Claude Agent SDK",
  blurb: "The SDK that runs Claude Code as an agent in your program, reaching tools of your own through in-process MCP servers.",
};

export async function claudeAgentPanel(tool: AnyTool): Promise<UnnumberedPanel> {
  const server = toClaudeAgentServer({ name: "docs", version: "1.0.0" }, [tool, CONTENT_PROBE], CATALOG_PROBE);
  const client = new Client({ name: "docs-panel", version: "1.0.0" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.instance.connect(serverSide), client.connect(clientSide)]);
  try {
    const { listed, failure, hints, content } = await measureOverMcp(client, tool);
    await catalogServed("toClaudeAgentServer", client);
    return {
      key: "claude-agent",
      header: INTRO,
      rows: [
        { label: "name", value: `mcp__${server.name}__${listed.name}`, accent: true },
        { label: "hints", value: hints },
        { label: "inputSchema", value: propertyNames(listed.inputSchema) },
        { label: "failure", value: failure },
      ],
      registration: toDisplayJson(listed),
      fields: { name: "name", label: "title", schema: "inputSchema", effect: "annotations", prompt: null, run: null },
      import: 'import { toClaudeAgentServer } from "@agntn/tools/claude-agent";',
      peer: { name: "@anthropic-ai/claude-agent-sdk", range: peerRange("@anthropic-ai/claude-agent-sdk") },
      failure,
      content,
      catalog: "yes: toClaudeAgentServer serves them",
    };
  } finally {
    await client.close();
    await server.instance.close();
  }
}
