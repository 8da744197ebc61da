/**
 * Every host's panel for the demo tool `text_slug`, in the order the site
 * shows them. All but OMP are computed here; OMP runs on bun only, so its
 * panel comes from a bun child process running omp.ts.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { slugTool } from "../../playground/server/tools.ts";
import { aiPanel } from "./ai.ts";
import { anthropicPanel } from "./anthropic.ts";
import { claudeAgentPanel } from "./claude-agent.ts";
import { googlePanel } from "./google.ts";
import { langchainPanel } from "./langchain.ts";
import { mastraPanel } from "./mastra.ts";
import { mcpPanel } from "./mcp.ts";
import { openAiAgentsPanel } from "./openai-agents.ts";
import { type HostPanel, numberPanels, type UnnumberedPanel } from "./panels.ts";
import { piPanel } from "./pi.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The OMP panel from bun (`node_modules/.bin/bun`, the devDependency). */
export async function ompPanelFromBun(): Promise<UnnumberedPanel> {
  const bun = `${root}node_modules/.bin/bun`;
  const { stdout } = await promisify(execFile)(bun, ["--conditions=agntn-source", "docs/host-facts/omp.ts"], {
    cwd: root,
    timeout: 60_000,
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout) as UnnumberedPanel;
}

/** The panels in the site's order, numbered in it: MCP is host 1 of 10. */
export async function computePanels(): Promise<HostPanel[]> {
  return numberPanels([
    await mcpPanel(slugTool),
    await piPanel(slugTool),
    await ompPanelFromBun(),
    await aiPanel(slugTool),
    await langchainPanel(slugTool),
    await openAiAgentsPanel(slugTool),
    await mastraPanel(slugTool),
    await anthropicPanel(slugTool),
    await claudeAgentPanel(slugTool),
    await googlePanel(slugTool),
  ]);
}
