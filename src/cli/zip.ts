/**
 * A ZIP archive (what an MCP Bundle is), written by hand on purpose: Node
 * already gives the two hard parts (`zlib.deflateRawSync` and `zlib.crc32`),
 * so the rest is three fixed headers, and the package keeps its short list
 * of dependencies for a command most programs run once per release.
 *
 * The archive is reproducible: entries in the order given (the caller sorts
 * them), one fixed time stamp, so the same program packs to the same bytes and
 * the same sha256 in server.json. No Zip64: more than 65,535 files or 4 GiB is
 * refused with one line.
 */
import { crc32, deflateRawSync } from "node:zlib";

export interface ZipEntry {
  /** The path inside the archive, `/` between folders. */
  path: string;
  data: Uint8Array;
  /** Unix permissions (0o644, 0o755), kept so an unpacked program's executables stay executable. */
  mode: number;
}

/** 1980-01-01 00:00, the first moment a ZIP time stamp can hold (DOS date: day 1 of month 1 of year 0). */
const DOS_TIME = 0;
const DOS_DATE = (1 << 5) | 1;
/** Bit 11: names are UTF-8. */
const UTF8 = 0x0800;
const MAX_ENTRIES = 0xffff;
const MAX_SIZE = 0xffffffff;

/** The archive's bytes. Throws an Error with one line when it would need Zip64. */
export function zip(entries: readonly ZipEntry[]): Buffer {
  if (entries.length > MAX_ENTRIES) throw new Error(`${entries.length} files are more than the ${MAX_ENTRIES} a ZIP without Zip64 holds`);
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    // A path that is absolute or climbs (`..`) would unpack outside the folder it is unpacked into.
    if (
      entry.path.startsWith("/") ||
      entry.path.includes("\\") ||
      entry.path.split("/").some((part) => part === "" || part === "." || part === "..")
    )
      throw new Error(`${JSON.stringify(entry.path)} is not a path inside an archive`);
    const name = Buffer.from(entry.path, "utf8");
    const data = Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength);
    const deflated = deflateRawSync(data);
    // Stored as is when deflate would not make it smaller (already compressed images, tiny files).
    const method = deflated.length < data.length ? 8 : 0;
    const body = method === 8 ? deflated : data;
    const crc = crc32(data);
    if (data.length > MAX_SIZE || offset + 30 + name.length + body.length > MAX_SIZE)
      throw new Error(`${entry.path} takes the archive past the 4 GiB a ZIP without Zip64 holds`);
    // The 24 bytes both headers share, from "version needed" to the name's length: written once, copied into each.
    const shared = Buffer.alloc(24);
    shared.writeUInt16LE(20, 0);
    shared.writeUInt16LE(UTF8, 2);
    shared.writeUInt16LE(method, 4);
    shared.writeUInt16LE(DOS_TIME, 6);
    shared.writeUInt16LE(DOS_DATE, 8);
    shared.writeUInt32LE(crc, 10);
    shared.writeUInt32LE(body.length, 14);
    shared.writeUInt32LE(data.length, 18);
    shared.writeUInt16LE(name.length, 22);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    shared.copy(local, 4);
    parts.push(local, name, body);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    // Made by Unix (3), so unzip reads the permissions in the external attributes.
    record.writeUInt16LE((3 << 8) | 20, 4);
    shared.copy(record, 6);
    record.writeUInt32LE(((0o100000 | (entry.mode & 0o777)) << 16) >>> 0, 38);
    record.writeUInt32LE(offset, 42);
    central.push(record, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  if (offset + directory.length > MAX_SIZE) throw new Error("the archive's index ends past the 4 GiB a ZIP without Zip64 holds");
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
