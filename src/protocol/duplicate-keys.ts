/**
 * Finds a key that appears twice in one JSON object. `JSON.parse` keeps the
 * last of two equal keys without a word, while other parsers (a proxy, a
 * WAF, a gateway) may keep the first; a body like
 * `{"params":{"name":"read_notes","name":"delete_notes"}}` would then mean
 * one call to them and another to this server. A request with such a body is
 * refused instead.
 *
 * Written by hand: no maintained library reports duplicates without building
 * a whole syntax tree, and this runs on every request. It walks text that
 * `JSON.parse` has already accepted, so it need not validate anything: it
 * only tracks which strings are keys, one pass, no recursion (nesting depth
 * costs an array entry, never a stack frame).
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

/** The first key found twice in one object of valid JSON text, decoded (`"na\u006de"` is `name`); `undefined` when there is none. */
export function duplicateKey(json: string): string | undefined {
  // One entry per open container: the keys seen so far for an object, `undefined` for an array.
  const open: Array<Set<string> | undefined> = [];
  let keyNext = false;
  for (let i = 0; i < json.length; i++) {
    const code = json.charCodeAt(i);
    if (code === QUOTE) {
      let end = i + 1;
      let escaped = false;
      for (; end < json.length; end++) {
        const inner = json.charCodeAt(end);
        if (inner === BACKSLASH) {
          escaped = true;
          end++;
        } else if (inner === QUOTE) break;
      }
      if (keyNext) {
        const key = escaped ? (JSON.parse(json.slice(i, end + 1)) as string) : json.slice(i + 1, end);
        const keys = open[open.length - 1] as Set<string>;
        if (keys.has(key)) return key;
        keys.add(key);
        keyNext = false;
      }
      i = end;
    } else if (code === OPEN_OBJECT) {
      open.push(new Set());
      keyNext = true;
    } else if (code === OPEN_ARRAY) {
      open.push(undefined);
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      open.pop();
      keyNext = false;
    } else if (code === COMMA) {
      keyNext = open[open.length - 1] !== undefined;
    }
  }
  return undefined;
}
