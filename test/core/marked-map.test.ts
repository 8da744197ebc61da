/**
 * The map that stays quick when a key is removed and set again and again
 * (src/core/marked-map.ts): it must answer exactly as a plain Map does, through
 * the copies that clear its marks.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MarkedMap } from "../../src/core/marked-map.ts";

type Op = { kind: "set"; key: string; value: number } | { kind: "delete"; key: string } | { kind: "get"; key: string };

const key = fc.constantFrom("a", "b", "c", "d", "e", "f", "__proto__", "constructor");
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("set" as const), key, value: fc.integer() }),
  fc.record({ kind: fc.constant("delete" as const), key }),
  fc.record({ kind: fc.constant("get" as const), key }),
);

describe("MarkedMap", () => {
  it("answers get, has, size and delete as a Map does, over generated runs", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const marked = new MarkedMap<string, number>();
        const plain = new Map<string, number>();
        for (const step of ops) {
          if (step.kind === "set") {
            marked.set(step.key, step.value);
            plain.set(step.key, step.value);
          } else if (step.kind === "delete") {
            expect(marked.delete(step.key)).toBe(plain.delete(step.key));
          }
          expect(marked.get(step.key)).toBe(plain.get(step.key));
          expect(marked.has(step.key)).toBe(plain.has(step.key));
          expect(marked.size).toBe(plain.size);
        }
      }),
      { seed: 20261203, numRuns: 300 },
    );
  });

  it("keeps its live keys through many removals of one key beside them", () => {
    const map = new MarkedMap<string, number>();
    for (let i = 0; i < 100; i++) map.set(`kept:${i}`, i);
    for (let round = 0; round < 1000; round++) {
      map.set("churn", round);
      expect(map.get("churn")).toBe(round);
      expect(map.delete("churn")).toBe(true);
      expect(map.delete("churn")).toBe(false);
    }
    expect(map.size).toBe(100);
    expect(map.get("kept:0")).toBe(0);
    expect(map.get("kept:99")).toBe(99);
    expect(map.has("churn")).toBe(false);
  });
});
