/**
 * Every content kind, log messages and sampling on the command line, run as
 * a real child process (test/fixtures/cli-bin.ts): what stdout and stderr
 * hold byte for byte, the files `--out` writes (their bytes against the
 * base64 the tool returned), names that collide or were forged, `--json`,
 * `--log-level`, and the core's line for a malformed block.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, fx, NODE, root, runFile, SOURCE } from "./fixtures/cli-run.ts";
import { mediaTool, PDF_BASE64, PNG_BASE64, RAW_BASE64, WAV_BASE64 } from "./fixtures/cli-tools.ts";

const scratch = mkdtempSync(join(tmpdir(), "agntn-cli-content-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let dirs = 0;
/** A fresh directory under the scratch one, not yet created. */
const freshDir = () => join(scratch, `run-${++dirs}`);

const bytes = (base64: string) => Buffer.from(base64, "base64");

const NOTE = "(use --out DIR to save it)";
const MEDIA_TEXT = [
  "Here is the badge.",
  "@1",
  "@2",
  "[resource link: badge.svg <https://example.com/badge.svg>, image/svg+xml]",
  "line one",
  "line two",
  "@5",
  "@6",
];
/** The media tool's answer, with the lines for its four binary blocks filled in. */
function mediaStdout(lines: Record<1 | 2 | 5 | 6, string>): string {
  return `${MEDIA_TEXT.map((line) => (line.startsWith("@") ? lines[Number(line.slice(1)) as 1 | 2 | 5 | 6] : line)).join("\n")}\n`;
}
const MEDIA_NOTES = {
  1: `[image: image/png, 70 B] ${NOTE}`,
  2: `[audio: audio/wav, 52 B] ${NOTE}`,
  5: `[resource: file:///reports/2026/summary.pdf, application/pdf, 15 B] ${NOTE}`,
  6: `[resource: urn:x-data:7, 4 B] ${NOTE}`,
};
const mediaWrote = (dir: string, suffix = "") => ({
  1: `wrote ${dir}/media_all-1${suffix}.png (image/png, 70 B)`,
  2: `wrote ${dir}/media_all-2${suffix}.wav (audio/wav, 52 B)`,
  5: `wrote ${dir}/summary${suffix}.pdf (application/pdf, 15 B)`,
  6: `wrote ${dir}/urn_x-data_7${suffix}.bin (4 B)`,
});

describe("content kinds without --out", () => {
  it("prints text and an embedded text resource as text, a link as its line, and one note for each block of bytes", async () => {
    const run = await fx(["media"]);
    expect(run).toEqual({ code: 0, stdout: mediaStdout(MEDIA_NOTES), stderr: "" });
  });

  it("cleans forged uris, names and texts: no escape code, line break or bidi override reaches the terminal", async () => {
    const run = await fx(["forged"]);
    expect(run).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        `[image: image/PNG; name="../../x.sh", 70 B] ${NOTE}`,
        `[resource: https://evil.example/%2e%2e%2f%2e%2e%2fetc%2fpasswd, application/octet-stream, 4 B] ${NOTE}`,
        "[resource link: evil name <https://x.example/ abc def>]",
        "red text",
        `[resource: file:///a/notes.txt, text/plain, 4 B] ${NOTE}`,
        `[resource: file:///b/notes.txt?v=2#top, text/plain, 4 B] ${NOTE}`,
        `[resource: file:///x/${"a".repeat(300)}.pdf, application/pdf, 15 B] ${NOTE}`,
        `[resource: file:///x/.. .., 4 B] ${NOTE}`,
        "",
      ].join("\n"),
    });
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}]/u);
  });
});

describe("--out DIR", () => {
  it("creates DIR, writes each block of bytes there with a name from the tool and its place, and prints one line per file", async () => {
    const dir = join(freshDir(), "nested", "out");
    const run = await fx(["media", "--out", dir]);
    expect(run).toEqual({ code: 0, stdout: mediaStdout(mediaWrote(dir)), stderr: "" });
    expect(readdirSync(dir).sort()).toEqual(["media_all-1.png", "media_all-2.wav", "summary.pdf", "urn_x-data_7.bin"]);
    expect(readFileSync(join(dir, "media_all-1.png"))).toEqual(bytes(PNG_BASE64));
    expect(readFileSync(join(dir, "media_all-2.wav"))).toEqual(bytes(WAV_BASE64));
    expect(readFileSync(join(dir, "summary.pdf"))).toEqual(bytes(PDF_BASE64));
    expect(readFileSync(join(dir, "urn_x-data_7.bin"))).toEqual(bytes(RAW_BASE64));
  });

  it("never overwrites: a name that is taken gets -1, -2, …, and a file already there keeps its bytes", async () => {
    const dir = freshDir();
    mkdirSync(dir);
    writeFileSync(join(dir, "summary.pdf"), "mine");
    const first = await fx(["media", `--out=${dir}`]);
    expect(first.stdout).toBe(mediaStdout({ ...mediaWrote(dir), 5: `wrote ${dir}/summary-1.pdf (application/pdf, 15 B)` }));
    const second = await fx(["media", "--out", dir]);
    expect(second).toEqual({
      code: 0,
      stderr: "",
      stdout: mediaStdout({ ...mediaWrote(dir, "-1"), 5: `wrote ${dir}/summary-2.pdf (application/pdf, 15 B)` }),
    });
    expect(readFileSync(join(dir, "summary.pdf"), "utf8")).toBe("mine");
    expect(readdirSync(dir).sort()).toEqual([
      "media_all-1-1.png",
      "media_all-1.png",
      "media_all-2-1.wav",
      "media_all-2.wav",
      "summary-1.pdf",
      "summary-2.pdf",
      "summary.pdf",
      "urn_x-data_7-1.bin",
      "urn_x-data_7.bin",
    ]);
    expect(readFileSync(join(dir, "media_all-1-1.png"))).toEqual(bytes(PNG_BASE64));
  });

  it("does not follow a symlink planted under a name it would take", async () => {
    const dir = freshDir();
    mkdirSync(dir);
    const target = join(scratch, "victim.txt");
    writeFileSync(target, "keep me");
    symlinkSync(target, join(dir, "media_all-1.png"));
    const run = await fx(["media", "--out", dir]);
    expect(run.stdout).toBe(mediaStdout({ ...mediaWrote(dir), 1: `wrote ${dir}/media_all-1-1.png (image/png, 70 B)` }));
    expect(readFileSync(target, "utf8")).toBe("keep me");
    expect(readFileSync(join(dir, "media_all-1-1.png"))).toEqual(bytes(PNG_BASE64));
  });

  it("turns forged uris into plain names inside DIR: no `..`, no separator, no control, bounded length, the MIME type's extension", async () => {
    const parent = freshDir();
    const dir = join(parent, "out");
    const run = await fx(["forged", "--out", dir]);
    const long = "a".repeat(100);
    expect(run).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        `wrote ${dir}/media_hostile-0.png (image/PNG; name="../../x.sh", 70 B)`,
        `wrote ${dir}/etc_passwd.bin (application/octet-stream, 4 B)`,
        "[resource link: evil name <https://x.example/ abc def>]",
        "red text",
        `wrote ${dir}/notes.txt (text/plain, 4 B)`,
        `wrote ${dir}/notes-1.txt (text/plain, 4 B)`,
        `wrote ${dir}/${long}.pdf (application/pdf, 15 B)`,
        `wrote ${dir}/media_hostile-7.bin (4 B)`,
        "",
      ].join("\n"),
    });
    expect(readdirSync(parent)).toEqual(["out"]);
    expect(readdirSync(dir).sort()).toEqual([
      `${long}.pdf`,
      "etc_passwd.bin",
      "media_hostile-0.png",
      "media_hostile-7.bin",
      "notes-1.txt",
      "notes.txt",
    ]);
    expect(readFileSync(join(dir, "notes-1.txt"))).toEqual(bytes(RAW_BASE64));
  });

  it("names files under a relative DIR as typed, and quotes a DIR whose name would forge a line", async () => {
    const cwd = freshDir();
    mkdirSync(cwd);
    const relative = await fx(["media", "--out", "shots/"], { cwd });
    expect(relative.stdout).toBe(mediaStdout(mediaWrote("shots")));
    expect(readdirSync(join(cwd, "shots")).length).toBe(4);
    const forged = await fx(["media", "--out", "a\nwrote x"], { cwd });
    expect(forged.stdout.split("\n")[1]).toBe('wrote "a\\nwrote x/media_all-1.png" (image/png, 70 B)');
    expect(readdirSync(join(cwd, "a\nwrote x")).length).toBe(4);
  });

  it("refuses a DIR that is a file, or under one, before the tool runs", async () => {
    const file = join(scratch, "plain-file");
    writeFileSync(file, "x");
    // `logs` would print warnings on stderr if it ran: only the refusal is there.
    expect(await fx(["logs", "--out", file])).toEqual({
      code: 1,
      stdout: "",
      stderr: `Invalid arguments at --out: ${JSON.stringify(file)} is not a directory\n`,
    });
    expect(await fx(["logs", "--out", `${file}/sub`])).toEqual({
      code: 1,
      stdout: "",
      stderr: `Invalid arguments at --out: cannot use ${JSON.stringify(`${file}/sub`)}: a part of the path is not a directory\n`,
    });
  });

  it.for<[string[], string]>([
    [["media", "--out"], "Invalid arguments: --out needs a value"],
    [["media", "--out", "--json"], "Invalid arguments: --out needs a value"],
    [["media", "--out="], "Invalid arguments at --out: must name a directory"],
    [["media", "--out", "a", "--out", "b"], "Invalid arguments: --out given more than once"],
  ])("%j → %s", async ([args, line], { expect }) => {
    expect(await fx(args)).toEqual({ code: 1, stdout: "", stderr: `${line}\n` });
  });

  it.skipIf(process.platform !== "linux")("says which file it could not write, after the answer, with exit 1", async () => {
    // /proc/self is a directory that takes no new files.
    expect(await fx(["media", "--out", "/proc/self"])).toEqual({
      code: 1,
      stdout: mediaStdout(MEDIA_NOTES),
      stderr: "media failed: cannot write /proc/self/media_all-1.png: no such file or directory\n",
    });
    // Node's own recursive mkdir never returns here; the CLI's answers.
    expect(await fx(["media", "--out", "/proc/self/x/y"])).toEqual({
      code: 1,
      stdout: mediaStdout(MEDIA_NOTES),
      stderr: "media failed: cannot create the directory /proc/self/x/y: no such file or directory\n",
    });
  });
});

describe("--json", () => {
  it("prints the details alone: the content is the person's, the details are the program's", async () => {
    expect(await fx(["media", "--json"])).toEqual({ code: 0, stdout: '{\n  "blocks": 7\n}\n', stderr: "" });
  });

  it("with --out saves the blocks of bytes too, naming them on stderr so stdout stays one JSON document", async () => {
    const dir = freshDir();
    const run = await fx(["media", "--json", "--out", dir]);
    const wrote = mediaWrote(dir);
    expect(run).toEqual({ code: 0, stdout: '{\n  "blocks": 7\n}\n', stderr: `${[wrote[1], wrote[2], wrote[5], wrote[6]].join("\n")}\n` });
    expect(readFileSync(join(dir, "media_all-2.wav"))).toEqual(bytes(WAV_BASE64));
  });
});

describe("log messages", () => {
  const lines = {
    debug: "debug: starting",
    info: 'info: fetched rows {"rows":3}',
    notice: "notice: cache is cold",
    warning: 'warning: disk almost full {"free":"12 MB","note":"a\\u202eb\\nc"}',
    error: "error: retrying now",
    emergency: "emergency:",
  };
  const from = (...levels: Array<keyof typeof lines>) => `${levels.map((level) => lines[level]).join("\n")}\n`;
  const answer = "log: function, sample: undefined\n";

  it("go to stderr from warning up by default, one clean line each with the data as compact JSON; the tool has log and no sample", async () => {
    expect(await fx(["logs"])).toEqual({ code: 0, stdout: answer, stderr: from("warning", "error", "emergency") });
  });

  it.each<[string[], Array<keyof typeof lines>]>([
    [
      ["--log-level", "debug"],
      ["debug", "info", "notice", "warning", "error", "emergency"],
    ],
    [
      ["--log-level", "info"],
      ["info", "notice", "warning", "error", "emergency"],
    ],
    [["--log-level=notice"], ["notice", "warning", "error", "emergency"]],
    [
      ["--log-level", "error"],
      ["error", "emergency"],
    ],
    [["--log-level", "alert"], ["emergency"]],
  ])("%j shows that level and the more severe ones", async (flags, levels) => {
    expect(await fx(["logs", ...flags])).toEqual({ code: 0, stdout: answer, stderr: from(...levels) });
  });

  it("stay on stderr under --json", async () => {
    expect(await fx(["logs", "--json", "--log-level", "error"])).toEqual({ code: 0, stdout: "null\n", stderr: from("error", "emergency") });
  });

  it.for<[string[], string]>([
    [
      ["logs", "--log-level", "loud"],
      "Invalid arguments at --log-level: must be one of debug, info, notice, warning, error, critical, alert, emergency",
    ],
    [
      ["logs", "--log-level", "INFO"],
      "Invalid arguments at --log-level: must be one of debug, info, notice, warning, error, critical, alert, emergency",
    ],
    [["logs", "--log-level"], "Invalid arguments: --log-level needs a value"],
    [["logs", "--log-level", "info", "--log-level=debug"], "Invalid arguments: --log-level given more than once"],
  ])("%j → %s, tool not run", async ([args, line], { expect }) => {
    expect(await fx(args)).toEqual({ code: 1, stdout: "", stderr: `${line}\n` });
  });

  it("go to stderr as plain lines when stderr is no terminal, beside no progress", async () => {
    expect(await fx(["logged"])).toEqual({ code: 0, stdout: "done\n", stderr: "warning: careful\n" });
  });
});

const hasScript = (() => {
  try {
    return execFileSync("script", ["--version"], { encoding: "utf8" }).includes("util-linux");
  } catch {
    return false;
  }
})();

describe.skipIf(!hasScript)("log messages beside progress on a pseudo-terminal", () => {
  it("print above the progress line, which is drawn again below them", () => {
    const out = join(scratch, "logged.txt");
    const command = `stty cols 40; "${NODE}" ${SOURCE} ${BIN} logged > "${out}"`;
    const run = spawnSync("script", ["-qfec", command, "/dev/null"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    const ERASE = "\u001b[K";
    // The pty turns each \n into \r\n.
    expect(run.stdout).toBe(
      `\rstep one (1/2)${ERASE}` + `\r${ERASE}warning: careful\r\n\rstep one (1/2)${ERASE}` + `\rstep two (2/2)${ERASE}` + `\r${ERASE}`,
    );
    expect(readFileSync(out, "utf8")).toBe("done\n");
  });
});

describe("a malformed result", () => {
  it.each([
    [["broken"], "media_broken returned a malformed result: content[1] (image): data is not base64\n"],
    [
      ["broken", "--forged-mime"],
      'media_broken returned a malformed result: content[1] (image): mimeType must be a MIME type like "image/…", got "image/png\\n\\u001b[2Jx"\n',
    ],
    [
      ["broken", "--many"],
      [
        "media_broken returned a malformed result:",
        "content[1] (image): data is not base64",
        "content[2] (audio) needs a mimeType",
        'content[3] has type "video"; expected one of text, image, audio, resource_link, resource',
        "",
      ].join("\n"),
    ],
  ])("%j gets the core's lines on stderr, nothing on stdout, exit 1", async (args, stderr) => {
    const dir = freshDir();
    expect(await fx([...args, "--out", dir])).toEqual({ code: 1, stdout: "", stderr });
    // Nothing of a malformed result is saved.
    expect(existsSync(dir)).toBe(false);
  });
});

describe("the mcp command", () => {
  it("hands every content kind to an MCP client as the tool returned it", async () => {
    const client = new Client({ name: "cli-content-test", version: "1.0.0" });
    await client.connect(new StdioClientTransport({ command: NODE, args: [SOURCE, BIN, "mcp"], cwd: root, stderr: "pipe" }));
    try {
      const called = await client.callTool({ name: "media_all", arguments: {} });
      const returned = await mediaTool.execute({}, {});
      expect(called.content).toEqual(returned.content);
      expect(called.isError).toBeUndefined();
    } finally {
      await client.close();
    }
  });
});

describe("the CLI page's sessions of content kinds and log messages", () => {
  const page = readFileSync(join(root, "docs/content/1.guide/04.cli.md"), "utf8");
  const sessions = [...page.matchAll(/^```console\n([\s\S]*?)\n```$/gm)].map((match) => match[1] as string).slice(1);
  /** Each `$ slugs …` line and the lines under it. */
  const steps = sessions.flatMap((code) =>
    code
      .split(/^\$ slugs /m)
      .filter(Boolean)
      .map((chunk) => {
        const [command, ...output] = chunk.split("\n");
        return [command as string, `${output.join("\n").trimEnd()}\n`] as const;
      }),
  );
  /** The words a shell hands the program for each command the page shows. */
  const ARGV = new Map<string, string[]>([
    ["badge --label build --message passing", ["badge", "--label", "build", "--message", "passing"]],
    ["badge --label build --message passing --out shots", ["badge", "--label", "build", "--message", "passing", "--out", "shots"]],
    ["rows --csv $'name,age\\nada,36\\nbob'", ["rows", "--csv", "name,age\nada,36\nbob"]],
  ]);
  const cwd = freshDir();
  mkdirSync(cwd);

  it("shows the commands these tests run", () => {
    expect(steps.map(([command]) => command)).toEqual([...ARGV.keys()]);
  });

  // stderr first: a log line is written while the tool runs, the answer once it is done.
  it.each(steps)("slugs %s", async (command, output) => {
    const run = await runFile(join(root, "docs/examples/cli.ts"), ARGV.get(command) as string[], { cwd });
    expect(run.code).toBe(0);
    expect(`${run.stderr}${run.stdout}`).toBe(output);
  });
});
