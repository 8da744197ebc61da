/**
 * Each entry's public values, as literals: adding or dropping one is a choice
 * made here on purpose (CONTRIBUTING.md says what an entry exports). And the
 * naming rule, read from the real modules: a host entry's functions are
 * create… (serves on its own), register… (adds to a host passed in), to…
 * (a framework's own value), run… (a program), or …For (a helper a framework
 * reads); its classes are errors.
 */
import { describe, expect, it } from "vitest";
import { packageEntries } from "./fixtures/package-entries.ts";

const PUBLIC_VALUES: Record<string, string[]> = {
  "@agntn/tools": [
    "ToolDefinitionError",
    "ToolInputError",
    "ToolResultError",
    "Type",
    "createToolList",
    "definePrompt",
    "defineResource",
    "defineTool",
    "failureText",
    "invokeTool",
    "joinedText",
    "outcomeOf",
    "quote",
    "sanitizeLine",
    "sanitizeText",
    "toJsonSchema",
    "toStandardSchema",
    "toolsFor",
    "validateInput",
    "withMiddleware",
  ],
  "@agntn/tools/mcp": ["callTool", "createJwtVerifier", "createMcpHttpHandler", "createMcpServer", "createTaskStore", "listTools"],
  "@agntn/tools/views": ["bundleViews", "esbuildViewsPlugin", "viteViewsPlugin"],
  "@agntn/tools/h3": ["createMcpRoute", "registerMcpRoute"],
  "@agntn/tools/toolkit": ["toToolkitTools"],
  "@agntn/tools/pi": ["registerPiTools"],
  "@agntn/tools/omp": ["registerOmpTools"],
  "@agntn/tools/ai": ["AiToolError", "toAiTool", "toAiTools"],
  "@agntn/tools/cli": ["runCli"],
  "@agntn/tools/nuxt": ["default"],
  "@agntn/tools/otel": ["telemetry"],
  "@agntn/tools/internal/nuxt": [
    "ServedRefusal",
    "busOption",
    "catalogOf",
    "checkChanges",
    "createTaskStore",
    "effectOfAnnotations",
    "indexTools",
    "isToolList",
    "jsonRpcError",
    "notifierOf",
    "serveHttp",
    "viewsOf",
  ],
  "@agntn/tools/langchain": ["LangChainToolError", "interruptOnFor", "toLangChainTools"],
  "@agntn/tools/openai-agents": ["toOpenAiAgentsTools"],
  "@agntn/tools/mastra": ["toMastraTools"],
  "@agntn/tools/anthropic": ["toAnthropicTools"],
  "@agntn/tools/claude-agent": ["canUseToolFor", "toClaudeAgentServer"],
  "@agntn/tools/google": ["toGoogleTool"],
  "@agntn/tools/testing": ["HostUnavailableError", "assertSameAnswers", "callOnHosts", "createTestClient", "createTestHost"],
};

/**
 * Entries the host rule does not cover: the core, the module (a default export), the internal runtime entry,
 * telemetry (a middleware, named for what it adds), and the build and testing entries (their own rules, below).
 */
const NOT_HOSTS = new Set([
  "@agntn/tools",
  "@agntn/tools/nuxt",
  "@agntn/tools/internal/nuxt",
  "@agntn/tools/otel",
  "@agntn/tools/views",
  "@agntn/tools/testing",
]);
/** The testing entry's functions: create… opens a client or a host, call… makes calls, assert… throws when a check fails. */
const TESTING_FUNCTION = /^(create|call|assert)[A-Z][A-Za-z]*$/;
/** The build entry's functions: bundle… does the work now, …Plugin gives a build tool's plugin that does it at build time. */
const BUILD_FUNCTION = /^bundle[A-Z][A-Za-z]*$|^[a-z][A-Za-z]*Plugin$/;
/** The MCP entry's two list helpers act on a tool list the way the server does; they make nothing. */
const LIST_HELPERS = new Set(["callTool", "listTools"]);
const HOST_FUNCTION = /^(create|register|to|run)[A-Z][A-Za-z]*$|^[a-z][A-Za-z]*For$/;

const loaded = await Promise.all(packageEntries.map(async (entry) => [entry.specifier, await import(entry.source)] as const));

describe("each entry exports what users call", () => {
  it("lists every entry of package.json here", () => {
    expect(packageEntries.map((entry) => entry.specifier).sort()).toEqual(Object.keys(PUBLIC_VALUES).sort());
  });

  it.each(loaded)("%s exports its public values and no others", (specifier, module) => {
    expect(Object.keys(module).sort()).toEqual(PUBLIC_VALUES[specifier]);
  });
});

describe("one naming rule for every host's entry", () => {
  const hostEntries = loaded.filter(([specifier]) => !NOT_HOSTS.has(specifier));

  it.each(hostEntries)("%s: functions follow create/register/to/run/…For, classes are errors", (_specifier, module) => {
    const misnamed = Object.entries(module as Record<string, unknown>).filter(([name, value]) => {
      if (typeof value !== "function") return true;
      if (/^[A-Z]/.test(name)) return !(value.prototype instanceof Error) || !name.endsWith("Error");
      return !HOST_FUNCTION.test(name) && !LIST_HELPERS.has(name);
    });
    expect(misnamed.map(([name]) => name)).toEqual([]);
  });

  it("the build entry's functions follow bundle…/…Plugin", () => {
    const views = loaded.find(([specifier]) => specifier === "@agntn/tools/views")?.[1] as Record<string, unknown>;
    expect(Object.keys(views).filter((name) => typeof views[name] !== "function" || !BUILD_FUNCTION.test(name))).toEqual([]);
  });

  it("the testing entry's functions follow create…/call…/assert…, its classes are errors", () => {
    const testing = loaded.find(([specifier]) => specifier === "@agntn/tools/testing")?.[1] as Record<string, unknown>;
    const misnamed = Object.entries(testing).filter(([name, value]) =>
      /^[A-Z]/.test(name) ? !name.endsWith("Error") : typeof value !== "function" || !TESTING_FUNCTION.test(name),
    );
    expect(misnamed.map(([name]) => name)).toEqual([]);
  });

  it("the rule itself refuses the old names", () => {
    expect(["mountMcp", "mcpRoute", "jwtVerifier", "hostSet", "piTools"].filter((name) => HOST_FUNCTION.test(name))).toEqual([]);
  });
});
