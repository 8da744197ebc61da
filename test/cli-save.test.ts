/**
 * The names `--out` gives files, on any uri a tool can forge: always one
 * plain file name inside DIR (no separator, no `..`, no leading dot or dash,
 * no control, format or separator character, at most 100 bytes before the
 * extension), and the extension its MIME type gives. Random uris mix path
 * tricks, percent-encoding, escape codes and wide characters (fixed seed).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extensionsFor, fileName, stemFromUri } from "../src/cli/save.ts";

const pieces = [
  "/",
  "\\",
  "..",
  ".",
  "%2e",
  "%2f",
  "%2E%2E%2F",
  "%",
  "?",
  "#",
  ":",
  "-",
  "_",
  " ",
  "\n",
  "\r",
  "\u0000",
  "\u001b[2J",
  "\u001b]0;x\u0007",
  "\u202e",
  "\u2028",
  "\u200b",
  "a",
  "Z",
  "9",
  "é",
  "日本",
  "👩🏽‍💻",
  "e\u0301",
  "con",
  "x".repeat(40),
];
const uri = fc.array(fc.constantFrom(...pieces), { maxLength: 30 }).map((parts) => parts.join(""));
const encoder = new TextEncoder();

describe("file names from uris", () => {
  it("is one plain, bounded file name, or none", () => {
    fc.assert(
      fc.property(uri, (text) => {
        const stem = stemFromUri(text);
        if (stem === undefined) return;
        expect(stem).not.toMatch(/[/\\\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]/u);
        expect(stem).not.toMatch(/^[._-]|[._-]$/);
        // A leading dot is already refused, so the name is never "." or "..": dots inside ("a..b") name one plain file.
        expect(encoder.encode(stem).length).toBeLessThanOrEqual(100);
        // No half of a surrogate pair is left where the length bound cut.
        expect(stem).not.toMatch(/\p{Cs}/u);
      }),
      { seed: 11, numRuns: 2000 },
    );
  });

  it.each([
    ["file:///reports/2026/summary.pdf", "summary.pdf"],
    ["https://evil.example/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "etc_passwd"],
    ["file:///b/notes.txt?v=2#top", "notes.txt"],
    ["urn:x-data:7", "urn_x-data_7"],
    ["file:///x/..\u001b[2J\n..", undefined],
    ["https://example.com/", undefined],
    ["file:///x/%E6%97%A5%E6%9C%AC.pdf", "日本.pdf"],
    ["file:///x/bad%ZZname", "bad_ZZname"],
    ["file:///x/-rf", "rf"],
  ])("%j → %j", (text, stem) => {
    expect(stemFromUri(text)).toBe(stem);
  });
});

describe("extensions", () => {
  it.each([
    ["image/png", ".png"],
    ["IMAGE/PNG; name=x", ".png"],
    ["audio/wav", ".wav"],
    ["audio/x-wav", ".wav"],
    ["application/pdf", ".pdf"],
    ["image/svg+xml", ".svg"],
    ["application/x-unknown", ".bin"],
    [undefined, ".bin"],
  ])("%j → %s", (mimeType, extension) => {
    expect(extensionsFor(mimeType)[0]).toBe(extension);
  });

  it("keeps a uri's own extension only when the MIME type gives it, so a file never claims a type nobody stated", () => {
    expect(fileName("t_x", { index: 2, bytes: new Uint8Array(), mimeType: "image/jpeg", uri: "file:///p/Photo.JPEG" })).toEqual({
      stem: "Photo",
      extension: ".JPEG",
    });
    expect(fileName("t_x", { index: 2, bytes: new Uint8Array(), mimeType: "application/pdf", uri: "file:///p/run.sh" })).toEqual({
      stem: "run.sh",
      extension: ".pdf",
    });
    expect(fileName("t_x", { index: 2, bytes: new Uint8Array(), uri: "file:///p/data.csv" })).toEqual({
      stem: "data.csv",
      extension: ".bin",
    });
    expect(fileName("t_x", { index: 3, bytes: new Uint8Array(), mimeType: "audio/wav" })).toEqual({ stem: "t_x-3", extension: ".wav" });
  });
});
