/**
 * The kit on a machine without one host's package: a child Node process whose resolver answers `@google/genai` as
 * missing (test/fixtures/kit-missing/without-genai.mjs), running callOnHosts on `mcp` and `google`. The google row
 * is skipped with the line naming the package and the command, the mcp row answers, and assertSameAnswers leaves the
 * skipped row out unless asked to require every host.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, test } from "vitest";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));

test("a host whose package is missing is a skipped row with one line; the others answer", async () => {
  const { stdout, stderr } = await run(
    process.execPath,
    ["--conditions=agntn-source", "--import", "./test/fixtures/kit-missing/without-genai.mjs", "test/fixtures/kit-missing/table.ts"],
    { cwd: root, timeout: 60_000 },
  );
  expect(stderr).toBe("");
  expect(JSON.parse(stdout)).toEqual({
    rows: [
      { host: "mcp", answered: true },
      { host: "google", skipped: "google needs @google/genai: npm install --save-dev @google/genai", answered: false },
    ],
    lenient: "passed",
    strict: "google was skipped: google needs @google/genai: npm install --save-dev @google/genai",
  });
}, 90_000);
