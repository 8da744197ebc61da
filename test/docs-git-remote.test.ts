/** Docus's build reads the clone's git remote: every kind of remote a clone can have must let the docs site build. */
import { describe, expect, it } from "vitest";
import gitUrlParse from "../docs/git-url-parse.ts";

describe("the remote parser the docs build uses", () => {
  it.each([
    ["an https remote", "https://github.com/agntn/tools.git", { owner: "agntn", name: "tools", source: "github.com" }],
    ["an ssh remote", "git@github.com:agntn/tools.git", { owner: "agntn", name: "tools", source: "github.com" }],
    ["a local path (a clone of a clone, a mirror on disk)", "/srv/mirrors/tools", { owner: "", name: "", source: "" }],
    ["a relative path", "../tools", { owner: "", name: "", source: "" }],
    ["an empty remote", "", { owner: "", name: "", source: "" }],
  ])("reads %s without throwing", (_what, remote, expected) => {
    const { owner, name, source } = gitUrlParse(remote);
    expect({ owner, name, source }).toEqual(expected);
  });
});
